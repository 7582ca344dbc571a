/*
 * File and block I/O information for D programs: fileinfo_t from the
 * kernel's struct file, bufinfo_t and devinfo_t from struct bio, as the
 * io provider's arguments use them. Written for godtrace after the
 * structures the Dynamic Tracing Guide documents.
 */

typedef struct fileinfo {
	string	fi_name;	/* name of the file (basename) */
	string	fi_dirname;	/* directory the file is in */
	string	fi_pathname;	/* full path name */
	long	fi_offset;	/* offset within the file */
	string	fi_fs;		/* file system type */
	string	fi_mount;	/* mount point of the file system */
	int	fi_oflags;	/* open(2) flags */
} fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_root->d_name.name);
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

typedef struct bufinfo {
	int	b_flags;	/* request flags */
	size_t	b_bcount;	/* number of bytes */
	caddr_t	b_addr;		/* buffer address */
	uint64_t b_lblkno;	/* logical block number */
	uint64_t b_blkno;	/* block number on the device */
	size_t	b_resid;	/* bytes not transferred */
	size_t	b_bufsize;	/* size of the buffer */
	caddr_t	b_iodone;	/* completion routine */
	int	b_error;	/* error status */
	dev_t	b_edev;		/* device */
} bufinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/*
 * b_flags says what DTrace's flags say: B_WRITE for the kernel's write
 * operations (the odd REQ_OP_* numbers), else B_READ, and B_ASYNC when
 * the request is not REQ_SYNC (bit 11).
 */
translator bufinfo_t < struct bio *B > {
	b_flags = (B->bi_opf & 1 ? B_WRITE : B_READ) |
	    (B->bi_opf & 0x800 ? 0 : B_ASYNC);
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = B->bi_status;
	b_edev = B->bi_bdev->bd_dev;
};

typedef struct devinfo {
	int	dev_major;	/* major number */
	int	dev_minor;	/* minor number */
	int	dev_instance;	/* instance number */
	string	dev_name;	/* name of the device driver */
	string	dev_statname;	/* name of the device */
	string	dev_pathname;	/* path of the device */
} devinfo_t;

translator devinfo_t < struct bio *B > {
	dev_major = getmajor(B->bi_bdev->bd_dev);
	dev_minor = getminor(B->bi_bdev->bd_dev);
	dev_instance = 0;
	dev_name = stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = stringof(B->bi_bdev->bd_disk->disk_name);
	dev_pathname = strjoin("/dev/", stringof(B->bi_bdev->bd_disk->disk_name));
};

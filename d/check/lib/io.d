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

translator bufinfo_t < struct bio *B > {
	b_flags = B->bi_opf;
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

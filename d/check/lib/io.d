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

/*
 * The request flags of struct bio's bi_opf: the write operations are the
 * odd REQ_OP_* numbers, and REQ_SYNC's bit moved between kernels, so it
 * is this kernel's. BIO_USER_MAPPED is the bi_flags bit older kernels
 * used for user pages.
 */
inline int REQ_WRITE = `REQ_OP_WRITE;
inline int REQ_SYNC = 1 << `__REQ_SYNC;
inline int BIO_USER_MAPPED = 6;

/*
 * A buffer head, what submit_bh() gives the block layer: whether it is a
 * read or a write is the operation submit_bh() is called with (arg0), so
 * b_flags is right in a probe on it.
 */
translator bufinfo_t < struct buffer_head *B > {
	b_flags = arg0 & REQ_WRITE ? B_WRITE : B_READ;
	b_bcount = B->b_size;
	b_addr = B->b_data;
	b_lblkno = B->b_blocknr;
	b_blkno = B->b_blocknr;
	b_resid = 0;
	b_bufsize = B->b_size;
	b_iodone = (caddr_t)B->b_end_io;
	b_error = 0;
	b_edev = B->b_bdev->bd_dev;
};

/* A partition's number is the low byte of the block device's flags. */
translator devinfo_t < struct buffer_head *B > {
	dev_major = getmajor(B->b_bdev->bd_dev);
	dev_minor = getminor(B->b_bdev->bd_dev);
	dev_instance = 0;
	dev_name = B->b_bdev->bd_disk->part0->bd_device.parent ?
	    (B->b_bdev->bd_disk->part0->bd_device.parent->driver ?
	    stringof(B->b_bdev->bd_disk->part0->bd_device.parent->driver->name) :
	    "<none>") : "<none>";
	dev_statname = (B->b_bdev->__bd_flags.counter & 0xff) == 0 ?
	    stringof(B->b_bdev->bd_disk->disk_name) :
	    strjoin(stringof(B->b_bdev->bd_disk->disk_name),
	    lltostr(B->b_bdev->__bd_flags.counter & 0xff));
	dev_pathname = strjoin("/dev/", (B->b_bdev->__bd_flags.counter & 0xff) == 0 ?
	    stringof(B->b_bdev->bd_disk->disk_name) :
	    strjoin(stringof(B->b_bdev->bd_disk->disk_name),
	    lltostr(B->b_bdev->__bd_flags.counter & 0xff)));
};

/* A buffer head does not know the file it holds a block of. */
translator fileinfo_t < struct buffer_head *B > {
	fi_name = "<unknown>";
	fi_dirname = "<unknown>";
	fi_pathname = "<unknown>";
	fi_offset = 0;
	fi_fs = "<unknown>";
	fi_mount = "<unknown>";
	fi_oflags = 0;
};

/* open(2)'s flags, as fi_oflags holds them (x86-64 and arm64). */
inline int O_ACCMODE = 03;
inline int O_RDONLY = 0;
inline int O_WRONLY = 01;
inline int O_RDWR = 02;
inline int O_CREAT = 0100;
inline int O_EXCL = 0200;
inline int O_NOCTTY = 0400;
inline int O_TRUNC = 01000;
inline int O_APPEND = 02000;
inline int O_NONBLOCK = 04000;
inline int O_NDELAY = 04000;
inline int O_DSYNC = 010000;
inline int O_ASYNC = 020000;
inline int O_DIRECTORY = 0200000;
inline int O_NOFOLLOW = 0400000;
inline int O_CLOEXEC = 02000000;
inline int O_SYNC = 04010000;
inline int O_FSYNC = 04010000;
inline int O_RSYNC = 04010000;

/*
 * The file open on descriptor fd of the current process ("<none>" in
 * every member for a descriptor that is not open).
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : NULL);

/*
 * Linux error numbers (x86-64), for comparing with errno and with the
 * return values of system calls.
 */

inline int EPERM = 1;
inline int ENOENT = 2;
inline int ESRCH = 3;
inline int EINTR = 4;
inline int EIO = 5;
inline int ENXIO = 6;
inline int E2BIG = 7;
inline int ENOEXEC = 8;
inline int EBADF = 9;
inline int ECHILD = 10;
inline int EAGAIN = 11;
inline int EWOULDBLOCK = 11;
inline int ENOMEM = 12;
inline int EACCES = 13;
inline int EFAULT = 14;
inline int ENOTBLK = 15;
inline int EBUSY = 16;
inline int EEXIST = 17;
inline int EXDEV = 18;
inline int ENODEV = 19;
inline int ENOTDIR = 20;
inline int EISDIR = 21;
inline int EINVAL = 22;
inline int ENFILE = 23;
inline int EMFILE = 24;
inline int ENOTTY = 25;
inline int ETXTBSY = 26;
inline int EFBIG = 27;
inline int ENOSPC = 28;
inline int ESPIPE = 29;
inline int EROFS = 30;
inline int EMLINK = 31;
inline int EPIPE = 32;
inline int EDOM = 33;
inline int ERANGE = 34;
inline int EDEADLK = 35;
inline int ENAMETOOLONG = 36;
inline int ENOLCK = 37;
inline int ENOSYS = 38;
inline int ENOTEMPTY = 39;
inline int ELOOP = 40;
inline int ENOTSOCK = 88;
inline int EADDRINUSE = 98;
inline int ECONNRESET = 104;
inline int ENOTCONN = 107;
inline int ETIMEDOUT = 110;
inline int ECONNREFUSED = 111;
inline int EALREADY = 114;
inline int EINPROGRESS = 115;

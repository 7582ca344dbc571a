/*
 * Without -xevaltime, -c stops the command after its libraries are
 * mapped (DTrace's default, postinit): probes in libc resolve, and its
 * write in main is traced. The dynamic linker's system calls, made
 * before the stop, are not.
 */
#pragma D option quiet
pid$target:libc.so.6:write:entry
{
	printf("libc write %d\n", arg2);
}
syscall::openat:entry
/pid == $target && basename(copyinstr(arg1)) == "ld.so.cache"/
{
	printf("dynamic linker traced\n");
}

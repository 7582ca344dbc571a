/*
 * Without -xevaltime, -c stops the command after its libraries are
 * mapped (DTrace's default, postinit): probes in libc resolve, and its
 * write in main is traced. The dynamic linker's system calls, made
 * before the stop (arch_prctl, as it sets up thread-local storage), are
 * not.
 */
#pragma D option quiet
pid$target:libc.so.6:write:entry
{
	printf("libc write %d\n", arg2);
}
syscall::arch_prctl:entry
/pid == $target/
{
	printf("dynamic linker traced\n");
}

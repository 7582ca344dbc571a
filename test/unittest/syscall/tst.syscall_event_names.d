/*
 * The syscalls whose tracefs events the kernel names after its own
 * functions are listed under those names (newstat, newuname, sendfile64,
 * umount), and a script may name them as the syscalls too (stat, uname,
 * sendfile, umount2).
 */
#pragma D option quiet

syscall::stat:entry, syscall::fstat:entry, syscall::lstat:entry,
syscall::sendfile:entry, syscall::umount2:entry,
syscall::newstat:entry, syscall::sendfile64:entry, syscall::umount:return
/pid == $target/
{
	printf("unexpected %s\n", probefunc);
}

syscall::uname:entry
/pid == $target/
{
	printf("%s %s\n", probefunc, probename);
}

/*
 * execargs: the process's arguments, separated by spaces, at most strsize
 * bytes.
 */
#pragma D option quiet
#pragma D option strsize=16
syscall::exit_group:entry
/pid == $target/
{
	printf("[%s] %d\n", execargs, strlen(execargs));
	exit(0);
}

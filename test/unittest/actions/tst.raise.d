/* raise() sends a signal to the current process: the target dies of it. */
#pragma D option destructive
#pragma D option quiet
syscall::clock_nanosleep:entry
/pid == $target/
{
	raise(SIGUSR1);
}
proc:::exit
/pid == $target/
{
	printf("exit reason %d\n", args[0]);
}

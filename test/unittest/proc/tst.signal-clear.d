/*
 * proc:::signal-clear fires when a process takes a pending signal with
 * sigwait() (rt_sigtimedwait), args[0] the signal: the target blocks
 * SIGUSR1, sends it to itself and waits for it.
 */
#pragma D option quiet

proc:::signal-clear
/pid == $target/
{
	printf("%s: signal %d\n", probename, args[0]);
}

/* stop() stops the current process, here the target, until SIGCONT. */
/* @@nosort */
#pragma D option destructive
#pragma D option quiet
int stopped;
syscall::clock_nanosleep:entry
/pid == $target && !stopped/
{
	stopped = 1;
	stop();
}
tick-200ms
/stopped == 1/
{
	stopped = 2;
	system("grep State: /proc/%d/status; kill -CONT %d", $target, $target);
}

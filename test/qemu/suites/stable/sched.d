/*
 * sched's probes built on kernel functions, through D: on-cpu in
 * dtrace's own threads, tick in the thread it interrupts.
 */
#pragma D option quiet
sched:::on-cpu
/pid == $pid/
{
	on = 1;
}
sched:::tick
/args[0]->pr_lwpid == tid/
{
	tk = 1;
}
tick-100ms
/n++ == 10/
{
	exit(0);
}
END
{
	printf("on-cpu %d\ntick %d\n", on, tk);
}

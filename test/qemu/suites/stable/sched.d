/*
 * sched's probes built on kernel functions, through D: enqueue's and
 * dequeue's translated arguments (the run queue's CPU through the
 * cpuinfo_t translator), on-cpu in dtrace's own threads, tick; with
 * the sched_switch and sched_wakeup raw tracepoints attached too.
 */
#pragma D option quiet

int enqok;

sched:::enqueue
{
	enq = 1;
	enqok = enqok || (args[0]->pr_lwpid > 0 && args[1]->pr_pid > 0 &&
	    args[2]->cpu_id >= 0 && args[2]->cpu_id < 2 && args[3] <= 1);
}
sched:::dequeue
/args[2]->cpu_id >= 0 && args[2]->cpu_id < 2/
{
	deq = 1;
}
sched:::on-cpu
/pid == $pid/
{
	on = 1;
}
sched:::off-cpu,
sched:::wakeup
{
	sw = 1;
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
	printf("enqueue %d %d\ndequeue %d\non-cpu %d\ntick %d\nswitch %d\n", enq, enqok, deq, on, tk, sw);
}

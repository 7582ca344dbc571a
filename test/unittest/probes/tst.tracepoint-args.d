/* args[] of sdt and rawtp probes are typed from the kernel's tracepoints. */
sdt:::sched_switch
{
	trace(args[0]);
}
rawtp:::sched_switch
{
	trace(args[1]->pid);
	trace(args[2]->comm);
}

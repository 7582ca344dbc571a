/*
 * An example exporter script: system calls by process and by call, and
 * their latency, as dtrace_syscalls_total and dtrace_syscall_latency_ns.
 * The latency is keyed by call only, so that its series stay few.
 */
#pragma D option quiet
#pragma D option exporterlabels=syscalls:process,syscall
#pragma D option exporterlabels=syscall_latency_ns:syscall

syscall:::entry
{
	@syscalls[execname, probefunc] = count();
	self->ts = timestamp;
}

syscall:::return
/self->ts/
{
	@syscall_latency_ns[probefunc] = quantize(timestamp - self->ts);
	self->ts = 0;
}

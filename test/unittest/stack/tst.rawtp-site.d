/*
 * A raw tracepoint of the rawtp provider and its classic twin in sdt: the
 * stacks start at the function that forks, whether the compiler made the
 * tracepoint's __bpf_trace function a jump or a call.
 */
#pragma D option quiet
self int raw, sdt;
rawtp:sched::sched_process_fork
/pid == $target && !self->raw/
{
	self->raw = 1;
	printf("rawtp");
	stack(1);
}
sdt:sched::sched_process_fork
/pid == $target && !self->sdt/
{
	self->sdt = 1;
	printf("sdt");
	stack(1);
}
syscall::exit_group:entry
/pid == $target/
{
	exit(0);
}

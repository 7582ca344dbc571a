/*
 * Kernel stacks start at the probe site, the function the tracepoint is
 * in, for a raw tracepoint (syscall) and a classic one (sdt) on the same
 * tracepoint: neither the BPF programs nor the tracepoint's dispatch show.
 * caller is the site's caller, and stackdepth counts from the site.
 */
#pragma D option quiet
self int raw, sdt;
syscall::openat:entry
/pid == $target && !self->raw/
{
	self->raw = 1;
	printf("syscall %d", stackdepth);
	stack(2);
	sym(caller);
	printf("\n");
}
sdt:syscalls::sys_enter_openat
/pid == $target && !self->sdt/
{
	self->sdt = 1;
	printf("sdt %d", stackdepth);
	stack(2);
	sym(caller);
	printf("\n");
}
syscall::exit_group:entry
/pid == $target/
{
	exit(0);
}

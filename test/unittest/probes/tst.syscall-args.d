/* args[] of syscall probes have the types of the system call's parameters. */
syscall::read:entry
/args[2] > (size_t)0/
{
	self->fd = args[0];
	self->buf = args[1];
	self->n = args[2];
}
syscall::read:entry, syscall::write:entry
{
	@bytes[probefunc] = sum(args[2]);
}
syscall::openat:entry
{
	trace(copyinstr((uintptr_t)args[1]));
}
syscall:::entry
{
	trace(args[0]);
}

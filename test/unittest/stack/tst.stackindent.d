/*
 * stackindent sets the spaces before each stack frame, printed by stack()
 * and as an aggregation key alike (14 without it).
 */
#pragma D option quiet
self int done;
syscall::openat:entry
/pid == $target && !self->done/
{
	self->done = 1;
	stack(2);
	@[stack(2)] = count();
}
syscall::exit_group:entry
/pid == $target/
{
	exit(0);
}

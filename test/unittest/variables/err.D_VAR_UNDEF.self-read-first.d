/*
 * The clause that reads self->start comes before the clause that assigns
 * it: the read finds a variable with no type yet.
 */
syscall::getppid:return
{
	trace(timestamp - self->start);
}

syscall::getppid:entry
{
	self->start = timestamp;
}

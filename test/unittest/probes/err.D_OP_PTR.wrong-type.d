/* args[2] of read is a size_t, not a pointer. */
syscall::read:entry
{
	trace(args[2]->x);
}

/* One program serves all of a clause's descriptions: args[1] must agree. */
syscall::read:entry,
syscall::openat:entry
{
	trace(args[1]);
}

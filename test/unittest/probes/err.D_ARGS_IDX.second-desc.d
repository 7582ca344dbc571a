/* Each description of a clause gives args[] its own probes' arguments. */
syscall::read:entry,
syscall::getpid:entry
{
	trace(args[2]);
}

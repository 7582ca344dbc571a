/* Translated args[] are not generated yet: an error, never the native value read as psinfo_t. */
sched:::off-cpu
{
	trace(args[1]->pr_pid);
}

/*
 * A profile probe's kernel stack starts at the interrupted code (arg0):
 * where that is kernel code, the stack has frames and a caller, not the
 * perf event plumbing; else it is empty.
 */
#pragma D option quiet
profile-997
{
	@[arg0 != 0 ? (stackdepth > 0 && caller != 0) : stackdepth == 0] = count();
}
tick-1s
{
	exit(0);
}
END
{
	printa("%d\n", @);
}

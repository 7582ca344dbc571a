/*
 * A profile probe's kernel stack starts at the interrupted code (arg0):
 * where that is kernel code, the stack has frames and a caller, not the
 * perf event plumbing; else it is empty. A sample that interrupts another
 * BPF program while it takes a stack on the same CPU gets none (the
 * kernel's callchain buffers are not reentrant), so a few samples may
 * miss: the test asks that the outcome of most samples be right.
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
	trunc(@, 1);
	printa("%d\n", @);
}

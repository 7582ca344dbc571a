/*
 * An ERROR clause runs two BPF functions deeper than the clause that
 * faulted (the fault subprogram and itself): its kernel stacks start at
 * the same probe site.
 * @@nosort @@ids
 */
#pragma D option quiet
syscall::openat:entry
/pid == $target/
{
	printf("before %d\n", stackdepth);
	trace(*(int *)0);
}
ERROR
{
	printf("error %d", stackdepth);
	stack(1);
	sym(caller);
	printf("\n");
	exit(0);
}

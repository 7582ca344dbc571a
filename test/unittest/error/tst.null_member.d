/*
 * A member read through a NULL pointer faults at address 0, not at the
 * member's offset, and the ERROR probe says so: DTRACEFLT_BADADDR with
 * arg5 0.
 */
#pragma D option quiet

BEGIN
{
	trace(((struct task_struct *)NULL)->pid);
}

ERROR
{
	printf("%d %d %d\n", arg4 == DTRACEFLT_BADADDR, arg4, arg5);
	exit(0);
}

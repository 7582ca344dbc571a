/*
 * BEGIN and END fire in dtrace itself, with no probe site in the kernel:
 * as in DTrace for Linux, their kernel stacks are empty.
 * @@nosort
 */
#pragma D option quiet
BEGIN
{
	printf("DEPTH %d\n", stackdepth);
	printf("TRACE BEGIN\n");
	stack();
	printf("TRACE END\n");
	printf("caller %x\n", caller);
	@[stack()] = count();
	exit(0);
}
END
{
	printf("END %d %x", stackdepth, caller);
	stack(3);
}

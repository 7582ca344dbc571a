/*
 * A copyinto() of a constant size larger than the alloca() memory it
 * copies into compiles, and faults when it runs with "invalid size",
 * before anything is read, as in DTrace.
 */
#pragma D option quiet

BEGIN
{
	this->p = (char *)alloca(16);
	copyinto(0, 17, this->p);
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(1);
}

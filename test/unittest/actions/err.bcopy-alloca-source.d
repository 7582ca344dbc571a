/*
 * bcopy() from alloca() memory may read only what the clause allocated:
 * 16 bytes from a 10-byte allocation (8-byte aligned) fit, 20 run past
 * it, whether the size is a constant or not.
 */
#pragma D option quiet

BEGIN
{
	d = alloca(20);
	s = alloca(10);
	bcopy(s, d, 16);
	printf("16 bytes fit\n");
}

BEGIN
{
	d = alloca(20);
	s = alloca(10);
	bcopy(s, d, 20);
	printf("not reached\n");
}

BEGIN
{
	/* The same with a size known only at run time. */
	d = alloca(20);
	s = alloca(10);
	n = 20;
	bcopy(s, d, n);
	printf("not reached\n");
}

BEGIN
{
	exit(1);
}

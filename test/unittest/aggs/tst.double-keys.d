/*
 * Floating-point values are keys of aggregations and associative arrays:
 * their bits, told apart and sorted by value, printed as trace() prints
 * them (in the columns of an integer of their size) or by printa()'s
 * conversions.  @@nosort
 */
#pragma D option quiet

BEGIN
{
	p = (uint64_t *)alloca(24);
	p[0] = 0x4004000000000000;	/* 2.5 */
	p[1] = 0xc000000000000000;	/* -2 */
	p[2] = 0x3fc00000;		/* 1.5f */
	d = ((double *)p)[0];
	e = ((double *)p)[1];
	f = ((float *)p)[4];
	@a[d] = count();
	@a[e] = count();
	@a[d] = count();
	@b[f, 3] = sum(7);
	k[d] = 5;
	k[e] = 6;
	printf("%d %d\n", k[d], k[e]);
	printa(@a);
	printa("%5.2f %@d\n", @a);
	printa(@b);
	exit(0);
}

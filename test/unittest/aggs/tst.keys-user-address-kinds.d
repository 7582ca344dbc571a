/*
 * usym(), ufunc(), umod() and uaddr() may key one aggregation: each
 * records the same process and address, printed as the first says.
 */
#pragma D option quiet

BEGIN
{
	@a[uaddr(0)] = count();
	@a[usym(0)] = count();
	@a[umod(0)] = count();
	printa("%A %@d\n", @a);
	exit(0);
}

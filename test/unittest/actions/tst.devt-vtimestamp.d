/* getmajor() and getminor() split a dev_t; vtimestamp never goes back. */
#pragma D option quiet
BEGIN
{
	a = vtimestamp;
	b = vtimestamp;
	printf("%d %d %d %d\n", getmajor(0x10300005), getminor(0x10300005), a >= 0, b >= a);
	exit(0);
}

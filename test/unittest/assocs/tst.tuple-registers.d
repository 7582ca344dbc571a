/* Nine keys fit DTrace's eight tuple registers (it counts from 0); with
   the tregs option raised, so do more, and aggregation keys alike. */
#pragma D option quiet
#pragma D option tregs=11

BEGIN
{
	a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 9;
	b[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] = 12;
	@c[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] = count();
	printf("%d %d\n", a[1, 2, 3, 4, 5, 6, 7, 8, 9], b[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
	exit(0);
}

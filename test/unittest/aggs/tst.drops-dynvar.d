/* @@nosort */
/* A dynamic variable the full dynamic variable map cannot take is a
   dynamic variable drop: the store is lost and the variable reads as
   0. dynvarsize=144 holds two elements of 16-byte keys and 8-byte
   values with the kernel's 48-byte header of each. */
#pragma D option quiet
#pragma D option dynvarsize=144

BEGIN
{
	x[1] = 1;
	x[2] = 2;
	x[3] = 3;
	x[4] = 4;
	printf("%d %d %d %d\n", x[1], x[2], x[3], x[4]);
	x[1] = 0;
	x[3] = 3;
	printf("%d %d %d %d\n", x[1], x[2], x[3], x[4]);
	exit(0);
}

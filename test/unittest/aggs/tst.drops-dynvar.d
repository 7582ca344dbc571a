/* @@nosort */
/* A dynamic variable the full dynamic variable map cannot take is a
   dynamic variable drop: the store is lost and the variable reads as
   0. By DTrace's measure an element of x takes 20 bytes: its tuple (a
   4-byte id, the int key and a trailing word) and its int value; so
   dynvarsize=59 holds two. */
#pragma D option quiet
#pragma D option dynvarsize=59

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

/* DTrace builds a tuple in its tuple registers, eight unless the tregs
   option says otherwise: it takes a ninth key but gives up on a tenth,
   with an error that names no line. */
BEGIN
{
	a[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = 1;
	exit(0);
}

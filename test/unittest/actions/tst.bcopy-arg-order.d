/*
 * bcopy(src, dest, size) evaluates its arguments left to right, as
 * DTrace does: with n++ in each, src is at offset 1, dest at 2 and the
 * size is 3.
 */
#pragma D option quiet

BEGIN
{
	s = (char *)alloca(8);
	d = (char *)alloca(8);
	s[0] = 'a'; s[1] = 'b'; s[2] = 'c'; s[3] = 'd'; s[4] = 'e';
	d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = '-';
	n = 1;
	bcopy((void *)(s + n++), (void *)(d + n++), n++);
	printf("%c%c%c%c%c%c %d\n", d[0], d[1], d[2], d[3], d[4], d[5], n);
	exit(0);
}

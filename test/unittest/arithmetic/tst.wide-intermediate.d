/*
 * D computes in 64 bits: an int expression does not wrap at 32 bits in
 * the middle, only where its value is stored, recorded or cast.
 * @@nosort
 */
#pragma D option quiet

int i, j;
long l;

BEGIN
{
	i = 100000;
	j = i * i / i;		/* 10^10 / 10^5, not the wrapped product */
	printf("%d\n", j);
	l = i * i;		/* stored in a long: nothing lost */
	printf("%d\n", l);
	j = i * i;		/* stored in an int: the low 32 bits */
	printf("%d\n", j);
	printf("%d\n", i * i);	/* recorded as an int */
	printf("%d\n", (long)(i * i));
	printf("%d\n", (i * i) > 0x7fffffff);
	i = 2000000000;
	printf("%d\n", (i + i) / 2);
	exit(0);
}

/*
 * D computes in 64 bits: an int expression does not wrap at 32 bits in
 * the middle of a chain of int operations (a product is divided before it
 * wraps), only where its value is converted to another type, compared,
 * stored, recorded or cast, and there it wraps as an int.
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
	l = i * i;		/* an int converted to long: wrapped */
	printf("%d\n", l);
	j = i * i;		/* stored in an int: the low 32 bits */
	printf("%d\n", j);
	printf("%d\n", i * i);	/* recorded as an int */
	printf("%d\n", (long)(i * i));	/* the same */
	printf("%d\n", (i * i) > 0x7fffffff);	/* an int is not */
	i = 2000000000;
	printf("%d\n", (i + i) / 2);	/* int / int: no conversion */
	exit(0);
}

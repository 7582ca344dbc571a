/*
 * Signed / and % at run time divide the magnitudes and give both results
 * the sign of the product of the operands: the quotient truncates toward
 * zero as in C, but the remainder of a negative divisor differs from C's.
 * Constants fold as C does. Unsigned operands divide as unsigned.
 * @@nosort
 */
#pragma D option quiet

int a, b;
unsigned int u;

BEGIN
{
	a = 17; b = 4;
	printf("%d %d %d %d\n", a / b, a / -b, -a / b, -a / -b);
	printf("%d %d %d %d\n", a % b, a % -b, -a % b, -a % -b);
	a -= 34;		/* -17 */
	a %= -4;
	printf("%d\n", a);
	printf("%d %d\n", 17 % -4, -17 % -4);
	u = 17;
	printf("%u %u\n", u / 4, u % 4);
	a = -1;
	printf("%u\n", a / 2u);	/* unsigned: -1 as an unsigned int, halved */
	exit(0);
}

/*
 * D has no integer promotions: the type of an operation on integers is
 * that of the operand of higher rank (width, then unsignedness), so
 * char + char is a char and is recorded as one; a shift has its left
 * operand's type, a negation its operand's. Comparisons are signed only
 * when that common type is. A value converted to a wider type is
 * first wrapped to its own: uc + uc is an unsigned char.
 * @@nosort
 */
#pragma D option quiet

char c;
unsigned char uc;
short s;
unsigned int ui;

BEGIN
{
	c = 100; uc = 200; s = -1; ui = 1;
	printf("%d %d\n", c + c, uc + uc);	/* 200 and 400 as 8 bits */
	printf("%d %d\n", sizeof (c + c), sizeof (uc + s));
	printf("%d %d\n", sizeof (c << 1), sizeof (-uc));
	printf("%d\n", uc + c);		/* unsigned char wins over char */
	printf("%d\n", (int)(uc + uc));	/* 400 as 8 bits, then widened */
	printf("%d\n", (char)(uc + uc));
	printf("%d %d\n", s < ui, s < 1);	/* unsigned int, then int */
	printf("%d\n", c * c * c);	/* char: 10^6 as 8 bits */
	printf("%d\n", c * c * c == 1000000);	/* compared as a char: 64 */
	exit(0);
}

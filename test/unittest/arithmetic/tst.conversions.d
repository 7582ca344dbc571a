/*
 * Integer conversions as C makes them (each line checked against the
 * same expressions in C, built with gcc -fwrapv): sign extension when a
 * signed value widens, truncation when a value narrows, and the usual
 * arithmetic conversions of int, unsigned int and long for the operands
 * of arithmetic operators, comparisons, ?: and compound assignments. An
 * int result that carries out of 32 bits (x + x, x << 31) wraps as an
 * int wherever it is converted, compared, tested or shifted right.
 * @@nosort
 */
#pragma D option quiet

int i, j, k;
unsigned int u;
long l, z;
unsigned long ul;
char c;
unsigned short us;

BEGIN
{
	i = -1; u = 0xffffffff;
	printf("%x %x %x\n", (long)i, (unsigned long)i, (long)u);
	c = -128;
	printf("%d %u %u\n", (int)c, (unsigned int)c, (unsigned char)c);
	us = 65535;
	printf("%d %d\n", (short)us, (long)us);
	l = 0x123456789abcdef0;
	printf("%x %x %d %d\n", (int)l, (short)l, (unsigned char)l, (char)l);
	printf("%d %d\n", i == u, i < u);
	l = 0; ul = 1;
	printf("%d %d\n", i < l, i < ul);
	l = -2; i = -2;
	printf("%d %u\n", u + l, u + i);
	printf("%d\n", (long)(u + 1));
	i = 1 << 30;
	printf("%d\n", (long)(i + i));
	l = i + i;
	printf("%d\n", l);
	i = 100000; l = i * i;
	printf("%d\n", l);
	i = 1 << 30; z = 1; z <<= 32;
	printf("%x\n", (i + i) & z);
	i = 1; j = 1;
	printf("%s\n", (i ^ (j << 31)) > 0 ? "positive" : "negative");
	i = -1;
	printf("%s\n", (i ^ (j << 31)) > 0 ? "positive" : "negative");
	i = -6; u = 4;
	printf("%u %u\n", i / u, i % u);
	u = 0xfffffffa;
	printf("%d %u %u\n", i >> 1, u >> 1, (unsigned int)i >> 28);
	printf("%d\n", (long)(1 ? i : u));
	k = -4; k /= 2u;
	printf("%d\n", k);
	i = -2147483647 - 1;
	printf("%d %d\n", (i + i) == 0, !(i + i));
	printf("%s\n", (i + i) ? "true" : "false");
	u = 5;
	printf("%d %d\n", u > -1, u > -1L);
	l = -1; u = 4294967295;
	printf("%d\n", l < u);
	l = -1; ul = 1;
	printf("%d\n", l < ul);
	i = 7; l = 0x100000000;
	printf("%d %d\n", i + l, l / (i - 8));
	i = 1 << 30; u = 0x80000000;
	printf("%d %u %d\n", (i + i) >> 1, (u + u + 2) >> 1, (i * 4) >> 30);
	/* the same rules fold constants */
	printf("%x %x %d %d %u %d\n", (long)((1 << 30) + (1 << 30)), (long)(1 << 31), (1 ^ (1 << 31)) > 0, -1 == 0xffffffffu, -6 / 4u, ((1 << 30) + (1 << 30)) >> 1);
	exit(0);
}

#pragma D option quiet
BEGIN
{
	a = 5; b = 0;
	printf("%d %d %d %d\n", a && b, a || b, !a, a ^^ b);
	printf("%d %d\n", (int)0x1ffffffff, (unsigned short)-1);
	printf("%d %d\n", (signed char)0x80, (long)(int)-1);
	c = (unsigned int)-2;
	printf("%u %d\n", c, c > 0);
	printf("%d %d\n", a > 3 ? a * 2 : -a, b ? 1 : 2);
	this->t = a++;
	printf("%d %d\n", this->t, a);
	d = -7;
	printf("%d %d %d\n", d / 2, d % 3, d >> 1);
	e = (unsigned int)d;
	printf("%u %u\n", e / 2, e >> 1);
	exit(0);
}

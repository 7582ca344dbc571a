/* Signed arithmetic and narrow signed types, which need the v4 instruction set or its replacement. */
#pragma D option quiet
BEGIN
{
	a = -7;
	b = 2;
	printf("%d %d %d %d\n", a / b, a % b, 7 / -b, -a % -b);
	c = (char)200;
	s = (short)40000;
	i = (int)3000000000;
	printf("%d %d %d\n", c, s, i);
	p = (int *)100;
	q = (int *)36;
	printf("%d %d\n", p - q, q - p);
	exit(0);
}

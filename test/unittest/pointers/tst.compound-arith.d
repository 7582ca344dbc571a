/*
 * p += n and p -= n move a pointer by n elements, as p + n, p - n and
 * p++ do; %p prints any pointer, a char * included (only %s reads the
 * characters a char * points to).
 */
#pragma D option quiet

struct rec {
	int a;
	long b;
};

int *p;
char *c;
struct rec *r;

BEGIN
{
	p = (int *)0x1000;
	p += 1;
	printf("%p ", p);
	p -= 2;
	printf("%p ", p);
	p++;
	printf("%p %d\n", p, p == (int *)0x1000);
	c = (char *)0x10;
	c += 3;
	r = (struct rec *)0x100;
	r += 2;
	printf("%p %p %p\n", c, r, r - 1);
	exit(0);
}

/*
 * Struct and union layout as C compilers lay them out (the sizes and
 * offsets are gcc's sizeof and offsetof on x86_64): each member at a
 * multiple of its alignment, the size a multiple of the largest, nested
 * structs, unions and arrays aligned as their members. An array of
 * structs in alloca() memory, written member by member, holds each value
 * where the layout says, and a struct variable keeps its members apart.
 */
#pragma D option quiet

struct intish { int foo; char bar; };
struct longish { long foo; int bar; };
struct llish { long long foo; short bar; };
struct scatter { char a; long b; short c; int d; char e; };
struct mixed { short s; long long ll; char c; int i; char c2; long l; unsigned char uc; };
struct nested { char c; struct intish in; char d; struct scatter sc; short e; };
union u { char c; int i; long l; short s[3]; };
struct withu { char c; union u un; char d; };
struct arr { char c; int a[3]; char d; short s[2]; };
struct mixed m;

BEGIN
{
	printf("struct intish %d %d %d\n", sizeof (struct intish), offsetof(struct intish, foo), offsetof(struct intish, bar));
	printf("struct longish %d %d %d\n", sizeof (struct longish), offsetof(struct longish, foo), offsetof(struct longish, bar));
	printf("struct llish %d %d %d\n", sizeof (struct llish), offsetof(struct llish, foo), offsetof(struct llish, bar));
	printf("struct scatter %d %d %d %d %d %d\n", sizeof (struct scatter), offsetof(struct scatter, a), offsetof(struct scatter, b), offsetof(struct scatter, c), offsetof(struct scatter, d), offsetof(struct scatter, e));
	printf("struct mixed %d %d %d %d %d %d %d %d\n", sizeof (struct mixed), offsetof(struct mixed, s), offsetof(struct mixed, ll), offsetof(struct mixed, c), offsetof(struct mixed, i), offsetof(struct mixed, c2), offsetof(struct mixed, l), offsetof(struct mixed, uc));
	printf("struct nested %d %d %d %d %d %d\n", sizeof (struct nested), offsetof(struct nested, c), offsetof(struct nested, in), offsetof(struct nested, d), offsetof(struct nested, sc), offsetof(struct nested, e));
	printf("union u %d\n", sizeof (union u));
	printf("struct withu %d %d %d %d\n", sizeof (struct withu), offsetof(struct withu, c), offsetof(struct withu, un), offsetof(struct withu, d));
	printf("struct arr %d %d %d %d %d\n", sizeof (struct arr), offsetof(struct arr, c), offsetof(struct arr, a), offsetof(struct arr, d), offsetof(struct arr, s));
	p = (struct scatter *)alloca(2 * sizeof (struct scatter));
	p[0].a = 1; p[0].b = 2; p[0].c = 3; p[0].d = 4; p[0].e = 5;
	p[1].a = 6; p[1].b = 7; p[1].c = 8; p[1].d = 9; p[1].e = 10;
	printf("%d/%d/%d/%d/%d, %d/%d/%d/%d/%d\n", p[0].a, p[0].b, p[0].c, p[0].d, p[0].e, p[1].a, p[1].b, p[1].c, p[1].d, p[1].e);
	b = (char *)p;
	printf("%d %d %d %d %d\n", *(char *)(b + 32), *(long *)(b + 40), *(short *)(b + 48), *(int *)(b + 52), *(char *)(b + 56));
	m.s = -1; m.ll = 0x1122334455667788; m.c = 'x'; m.i = -5; m.c2 = 'y'; m.l = -7; m.uc = 200;
	printf("%d %x %c %d %c %d %d\n", m.s, m.ll, m.c, m.i, m.c2, m.l, m.uc);
	exit(0);
}

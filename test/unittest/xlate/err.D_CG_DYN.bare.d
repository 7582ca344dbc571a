/*
 * A translation on its own as a statement has DTrace's dynamic type:
 * nothing can evaluate it, so it is refused before tracing starts (not
 * run, where a pointer translation of 0 would fault and never exit).
 */
struct pair {
	int a;
	int b;
};

translator struct pair < int x >
{
	a = x;
	b = x * 2;
};

BEGIN
{
	xlate<struct pair *>(0);
	exit(0);
}

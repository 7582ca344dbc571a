/*
 * A string stored through a pointer into alloca() memory is copied there
 * by value (up to strsize bytes, NUL-terminated), and reads back through
 * the pointer as a string.
 */
#pragma D option quiet
#pragma D option scratchsize=1024

BEGIN
{
	x = (string *)alloca(sizeof(string) + 1);
	*x = "abc";
	y = *x;
	*x = "de";
	printf("%s %s %d %s\n", y, *x, strlen(*x), strjoin(*x, "f"));
	exit(0);
}

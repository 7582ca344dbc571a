/* print() shows what a pointer points to: void has nothing to show. */
BEGIN
{
	print((void *)0);
	exit(0);
}

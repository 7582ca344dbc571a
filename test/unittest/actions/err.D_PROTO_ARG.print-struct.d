/* print() of a struct, not a pointer to it, is refused as DTrace does. */
#pragma D option quiet

BEGIN
{
	print(*curthread);
	exit(0);
}

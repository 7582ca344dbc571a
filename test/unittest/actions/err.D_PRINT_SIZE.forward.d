/*
 * A struct only declared, never defined, has size 0: print() of a pointer
 * to it is refused once the clause has passed its other checks.
 */
struct undefined;

BEGIN
{
	print((struct undefined *)0);
	exit(0);
}

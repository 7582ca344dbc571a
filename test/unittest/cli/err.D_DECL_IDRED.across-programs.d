/*
 * The programs of one command line are compiled into one session: a later
 * script that declares x again with another type fails to compile.
 */
int x;

BEGIN
{
	x = 1;
}

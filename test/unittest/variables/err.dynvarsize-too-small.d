/*
 * A dynvarsize that cannot hold one of the program's dynamic variables
 * is refused before tracing starts, as DTrace refuses it: an associative
 * array of int keyed by an int takes 20 bytes by DTrace's measure (a
 * 16-byte tuple and the value), more than these 19.
 */
#pragma D option dynvarsize=19

BEGIN
{
	a[1] = 1;
	exit(0);
}

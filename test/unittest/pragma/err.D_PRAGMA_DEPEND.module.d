/*
 * A program that depends on a kernel module this kernel has not loaded
 * is refused.
 */
#pragma D depends_on module no_such_module

BEGIN
{
	exit(0);
}

/*
 * depends_on knows providers, modules and libraries, nothing else.
 */
#pragma D depends_on kernel vmlinux

BEGIN
{
	exit(0);
}

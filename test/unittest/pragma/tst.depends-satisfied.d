/*
 * Dependencies this kernel satisfies: the syscall provider, and the
 * kernel's own types (module vmlinux): it compiles.
 */
#pragma D option quiet
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux

BEGIN
{
	printf("satisfied\n");
	exit(0);
}

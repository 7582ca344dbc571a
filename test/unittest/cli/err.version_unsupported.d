/*
 * A D version the compiler does not know is refused, by its message.
 */
#pragma D option version=99.1

BEGIN
{
	exit(0);
}

/* The status of exit() is dtrace's exit status. */
#pragma D option quiet
BEGIN
{
	exit(3);
}

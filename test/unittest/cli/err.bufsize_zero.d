/*
 * A principal buffer of no bytes cannot hold a record.
 */
#pragma D option bufsize=0

BEGIN
{
	exit(0);
}

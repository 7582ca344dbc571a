/* A script that cannot be opened. */
BEGIN
{
	exit(0);
}

/* An unknown option letter prints getopt's message and the usage, exit 2. @@nosort */
BEGIN
{
	exit(0);
}

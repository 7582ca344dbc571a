/* An option missing its argument at the end of the line: usage, exit 2. @@nosort */
BEGIN
{
	exit(0);
}

/* -p takes a decimal process ID. */
BEGIN
{
	exit(0);
}

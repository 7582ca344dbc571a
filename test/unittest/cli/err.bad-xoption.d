/* Options are set before any script is compiled. */
BEGIN
{
	exit(0);
}

/* A value the option cannot take; the message names the option alone. */
BEGIN
{
	exit(0);
}

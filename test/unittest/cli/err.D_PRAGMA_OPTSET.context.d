/* The preprocessor has run by the time a pragma is read. */
#pragma D option define=X
BEGIN
{
	exit(0);
}

/* A destructive action without -w is refused after the notice. */
BEGIN
{
	system("true");
}

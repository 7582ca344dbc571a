BEGIN
{
	trace(substr("abc"));
}

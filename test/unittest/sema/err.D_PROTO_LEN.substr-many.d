BEGIN
{
	trace(substr("abc", 1, 1, 1));
}

BEGIN
{
	trace(1 / 0);
}

BEGIN
{
	clear(max(1));
}

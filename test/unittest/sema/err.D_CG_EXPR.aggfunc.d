BEGIN
{
	sum(1);
}

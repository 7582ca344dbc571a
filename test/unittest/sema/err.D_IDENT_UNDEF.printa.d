BEGIN
{
	printa(@nosuch);
}

BEGIN
{
	n = execname ? 1 : 0;
}

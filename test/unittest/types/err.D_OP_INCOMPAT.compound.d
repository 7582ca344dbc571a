BEGIN
{
	n = 1;
	n -= "one";
}

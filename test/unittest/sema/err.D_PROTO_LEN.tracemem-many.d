BEGIN
{
	tracemem(0, 8, 4, 2);
}

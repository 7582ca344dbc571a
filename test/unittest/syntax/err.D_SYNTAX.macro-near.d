BEGIN
{
	x = 1 $pid;
}

BEGIN
{
	speculate(1);
	exit(0);
}

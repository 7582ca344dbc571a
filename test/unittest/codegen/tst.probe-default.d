BEGIN
{
	exit(0);
}
END
{
}

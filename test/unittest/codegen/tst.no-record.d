BEGIN
{
	x = 1;
	@a = count();
}
tick-1000
{
	exit(0);
}
END
{
	trace(x);
}

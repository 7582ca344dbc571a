BEGIN
{
	@a = nosuchfunc(1);
}

BEGIN
{
	ok = execname && probename;
}

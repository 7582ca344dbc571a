char buf[8];
BEGIN
{
	buf[0, 1] = 0;
}

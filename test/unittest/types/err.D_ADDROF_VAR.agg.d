BEGIN
{
	@n = sum(1);
	p = &@n;
}

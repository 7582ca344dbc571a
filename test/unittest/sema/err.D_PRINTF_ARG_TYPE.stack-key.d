BEGIN
{
	@[stack()] = count();
	printa("%x %@d\n", @);
}

BEGIN
{
	speculate(1);
	@ = count();
}

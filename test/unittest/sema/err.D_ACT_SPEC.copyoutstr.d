BEGIN
{
	speculate(1);
	copyoutstr("x", 0, 2);
}

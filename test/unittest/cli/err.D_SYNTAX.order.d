/* Programs compile in command-line order: the first bad one is reported. */
BEGIN
{
	exit(0);
}

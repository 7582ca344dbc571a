/* One ')' too many is refused as soon as it is read. */
BEGIN
{
	x = (1 + 2));
}

/* jstack() takes a string size that is not negative. */
BEGIN
{
	jstack(5, -1);
}

/* else without if. */
BEGIN
{
	else trace(1);
}

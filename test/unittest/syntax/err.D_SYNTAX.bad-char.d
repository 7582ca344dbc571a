/* '#' starts a control line only at the start of a line. */
BEGIN
{
	x = 1 # 2;
}

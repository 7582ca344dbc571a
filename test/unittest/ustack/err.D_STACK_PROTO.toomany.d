/* stack() takes at most one argument, the frame count. */
BEGIN
{
	stack(1, 2);
}

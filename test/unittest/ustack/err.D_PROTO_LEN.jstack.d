/* jstack() takes at most two arguments; DTrace names it in its message. */
BEGIN
{
	jstack(1, 2, 3);
}

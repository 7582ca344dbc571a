/* jstack() takes at most two arguments; DTrace names ustack( ) for it. */
BEGIN
{
	jstack(1, 2, 3);
}

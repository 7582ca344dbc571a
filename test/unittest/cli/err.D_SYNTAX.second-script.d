/*
 * A program made of several scripts: an error in the second names the
 * second file and its own line, not the first's.
 */
BEGIN
{
	trace(1);
}

/*
 * With rawbytes, trace() of a string dumps its whole record: strsize
 * characters and the NUL, zero past the end of the string.
 */
#pragma D option quiet
#pragma D option rawbytes
#pragma D option strsize=7
BEGIN
{
	trace("xyz");
	trace(strjoin("0123", "456789"));
	exit(0);
}

/*
 * A string must hold at least DTrace's two-byte NULL-string marker, so a
 * string size of one byte is refused like any other bad value.
 */
BEGIN
{
	exit(0);
}

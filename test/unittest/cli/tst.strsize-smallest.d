/*
 * The smallest string size DTrace takes: strings keep two characters
 * (room for the NUL comes on top of the size, as in DTrace).
 */
#pragma D option quiet
BEGIN
{
	printf("[%s]\n", "abc");
	exit(0);
}

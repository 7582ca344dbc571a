/*
 * An empty string is found by index() and rindex() at the start position
 * they are given, brought within the string searched: at 0 before its
 * start, at its length past its end; without a start, at 0 for index()
 * and at the end for rindex(). A search of an empty string finds only
 * the empty string.
 */
#pragma D option quiet

BEGIN
{
	s = "foobar";
	e = "";
	printf("%d %d %d %d %d %d\n", index(s, e, -9), index(s, e, -1),
	    index(s, e, 0), index(s, e, 4), index(s, e, 6), index(s, e, 99));
	printf("%d %d %d %d %d %d\n", rindex(s, e, -9), rindex(s, e, -1),
	    rindex(s, e, 0), rindex(s, e, 4), rindex(s, e, 6), rindex(s, e, 99));
	printf("%d %d\n", index(s, e), rindex(s, e));
	printf("%d %d %d %d\n", index(e, e, 3), rindex(e, e, -3),
	    index(e, s, 0), rindex(e, s));
	exit(0);
}

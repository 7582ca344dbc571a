/*
 * A program's own inline array: its parameters stand for the arguments
 * of each use, evaluated once, and uses nest.
 */
#pragma D option quiet

inline int twice[int x] = x + x;
inline string sign[int v, string neg] = v < 0 ? neg : "non-negative";

BEGIN
{
	n = 3;
	printf("%d %d %d\n", twice[n], twice[twice[n++]], n);
	printf("%s %s\n", sign[-1, "negative"], sign[twice[2], "?"]);
	exit(0);
}

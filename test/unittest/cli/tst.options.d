/* Options set by pragmas and -x are all accepted, those of no effect
   here with a warning; -e stops before tracing. */
#pragma D option quiet
#pragma D option switchrate=10hz
#pragma D option bufsize=16m
#pragma D option aggsortkey
#pragma D option strsize=1k
BEGIN
{
	exit(0);
}

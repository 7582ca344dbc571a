/* Control lines: #pragma D options, attributes, and line markers. */
#pragma D option quiet
#pragma D option bufsize=4m
#pragma D option switchrate=10hz
#pragma D attributes Evolving/Evolving/Common provider syscall provider
#pragma ident "tst.pragmas.d"
#line 100
#pragma D option strsize=256
# 200 "renamed.d"

BEGIN
{
	#pragma D option aggsize=1m
	trace(1);
}

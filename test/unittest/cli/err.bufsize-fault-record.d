/*
 * The principal buffer must hold the largest record a program may write,
 * after the perf sample's 12 bytes of header and size. A program with an
 * ERROR clause may write a fault record (48 bytes): 59 bytes are too few.
 */
#pragma D option bufsize=59

BEGIN
{
	exit(0);
}

ERROR
{
	exit(1);
}

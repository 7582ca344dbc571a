#!/usr/sbin/dtrace -s
/* A comment. */ /* Two on a line. */
/*
 * A comment over
 * several lines, with / and * and // inside.
 */
BEGIN /* between the description and the body */
{
	x = 1 /* in an expression */ + 2;
	y = 3 \
	    + 4;
}

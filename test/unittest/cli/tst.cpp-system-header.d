/*
 * -C preprocesses as DTrace does, without __GNUC__, so that a system
 * header such as <stdio.h> leaves out the GNU C extensions D cannot parse:
 * the script compiles, and sees the header's types. DTrace's own macros
 * are there too.
 */
#include <stdio.h>

#if defined(__GNUC__) || !defined(__SVR4) || !defined(__Linux)
#error not the macros DTrace defines
#endif

BEGIN
{
	trace(sizeof (fpos_t) > 0);
	exit(0);
}

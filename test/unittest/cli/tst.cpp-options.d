/* -C runs the preprocessor with -D, -U and -I, in their order. */
#include "cli.h"
#if FOO != 2 || defined(BAR) || !FROM_INCLUDE || !defined(__SUNW_D)
#error macros not passed
#endif
BEGIN
{
	trace(TWICE(FOO));
	exit(0);
}

/* Errors after -C name the script's own lines, not the included ones. */
#include "cli.h"
BEGIN
{
	x = ;
}

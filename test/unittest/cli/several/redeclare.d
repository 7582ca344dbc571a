/* Declares x again, with another type than err.D_DECL_IDRED.across-programs.d does. */
char x;

BEGIN
{
	exit(0);
}

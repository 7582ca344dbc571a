/*
 * The checker knows ddi_pathname(), a Solaris subroutine; code
 * generation, which -e runs too, refuses it on its line, as DTrace for
 * Linux's does. (@@codegen: d/check's runner, which checks only, skips it.)
 */
BEGIN
{
	trace(ddi_pathname((void *)0, 0));
}

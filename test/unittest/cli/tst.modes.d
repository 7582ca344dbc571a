/* -l and -V are both modes; only one may be given. */
BEGIN
{
	exit(0);
}

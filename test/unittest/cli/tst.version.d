/* -V reports the D version before anything is compiled. */
BEGIN
{
	exit(0);
}

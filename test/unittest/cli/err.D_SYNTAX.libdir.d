/* A syntax error in a -L library file is reported with the file's name. */
BEGIN
{
	exit(0);
}

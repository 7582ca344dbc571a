/* -h with two programs needs -o to name the header. */
BEGIN
{
	exit(0);
}

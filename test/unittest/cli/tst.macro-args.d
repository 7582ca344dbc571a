/* The words after the script are its macro arguments, whatever options follow. */
BEGIN
{
	printf("%d %s", $1, $$2);
	exit(0);
}

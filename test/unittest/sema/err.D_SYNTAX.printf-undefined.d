/* A malformed format is reported as DTrace's parser reports it. */
BEGIN
{
	printf("%q\n", 1);
}

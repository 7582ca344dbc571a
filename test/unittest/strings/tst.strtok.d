/*
 * strtok() skips leading delimiters and goes on where it stopped; the
 * delimiter that ended a token is left to the next call, which skips it
 * only if it is one of its own; no token left is NULL.
 */
#pragma D option quiet
BEGIN
{
	printf("[%s]", strtok("  ab cd;ef ", " ;"));
	printf("[%s]", strtok(NULL, " ;"));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%d]", strtok(NULL, ";") == NULL);
	printf("[%s]", strtok("xyz", ""));
	printf("[%s]", strtok("a:b", ":"));
	printf("[%s]\n", strtok(NULL, "-"));
	exit(0);
}

/* strtok() skips leading delimiters and goes on where it stopped. */
#pragma D option quiet
BEGIN
{
	printf("[%s]", strtok("  ab cd;ef ", " ;"));
	printf("[%s]", strtok(NULL, " ;"));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]\n", strtok("xyz", ""));
	exit(0);
}

#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s]\n", substr("hello world", 6), substr("hello world", 0, 5), substr("hello", -3));
	printf("[%s] [%s] [%s]\n", substr("hello", 1, 2), substr("hello", 10), substr("hello", -10, 2));
	printf("[%s] [%s] [%s]\n", strchr("hello", 'l'), strrchr("hello", 'l'), strchr("hello", 'z') == NULL ? "NULL" : "found");
	exit(0);
}

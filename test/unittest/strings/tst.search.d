/* index(), rindex() and strstr(), with start positions and edge cases. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", index("hello", "l"), rindex("hello", "l"), index("hello", "z"), rindex("hello", "z"));
	printf("%d %d %d %d\n", index("hello hello", "hello", 1), rindex("hello hello", "hello", 5), index("abc", ""), rindex("abc", ""));
	printf("%d %d %d\n", index("abc", "abcd"), index("aaab", "aab"), index("abc", "c", 10));
	printf("[%s] [%s] [%s]\n", strstr("hello world", "o w"), strstr("hello", "xyz") == NULL ? "NULL" : "found", strstr("aaab", "ab"));
	exit(0);
}

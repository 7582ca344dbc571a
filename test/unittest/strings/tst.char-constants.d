/*
 * Character constants are ints (longs past an int) of their bytes, and
 * \? \' and unknown escapes keep their backslash, in character constants
 * and strings alike, as DTrace's lexer does; sizeof a string constant
 * counts its NUL.
 */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d\n", 'a', '\?', '\'', '\q', '\x4142');
	printf("%d %d %d\n", sizeof('c'), sizeof('abcdefgh'), sizeof("hi"));
	printf("%s|%s\n", "a\?b\'c\qd", "\x41\102\\\"");
	exit(0);
}

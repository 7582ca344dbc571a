/* A printf() of strings that need more than four scratch slots at once. */
#pragma D option quiet
BEGIN
{
	printf("%s [%s] [%s] [%s]\n", strjoin(strjoin(strjoin("a", "b"), strjoin("c", "d")),
	    strjoin(strjoin("e", "f"), strjoin("g", "h"))), substr("hello world", 6),
	    substr("hello world", 0, 5), toupper(substr("hello", -3)));
	exit(0);
}

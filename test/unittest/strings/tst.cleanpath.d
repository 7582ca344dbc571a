/*
 * cleanpath() drops repeated slashes, "." and ".." with its component,
 * and a trailing slash; in a relative path a leading "./" goes and a ".."
 * with nothing before it stays; an emptied path is "/" or ".".
 */
#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("/a/b/../c/./d//e"), cleanpath("/a/.."),
	    cleanpath("/usr/lib/"), cleanpath("/x/./y/.."), cleanpath("//a///b/."));
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", cleanpath("./a/"), cleanpath("a/../.."),
	    cleanpath("../../b"), cleanpath("x/y/../../z"), cleanpath("q/.."), cleanpath(""));
	exit(0);
}

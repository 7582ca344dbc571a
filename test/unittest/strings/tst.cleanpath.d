/* cleanpath() drops repeated slashes, "." and ".." with its component. */
#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("/a/b/../c/./d//e"), cleanpath("/a/.."),
	    cleanpath("/usr/lib/"), cleanpath("/x/./y/.."), cleanpath("//a///b/."));
	exit(0);
}

/* basename() and dirname() of paths with and without slashes. */
#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", basename("/usr/lib/libc.so"), basename("/usr/lib/"),
	    basename("file"), basename("///"), basename(""));
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", dirname("/usr/lib/libc.so"), dirname("/usr"),
	    dirname("file"), dirname("/a//b/"), dirname("a/b"), dirname(""));
	exit(0);
}

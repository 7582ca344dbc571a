/* freopen() sends the output to a file and back; ftruncate() empties it. */
/* @@nosort */
#pragma D option destructive
#pragma D option quiet
BEGIN
{
	system("rm -f /tmp/godtrace-freopen.%d", pid);
	printf("first\n");
	freopen("/tmp/godtrace-freopen.%d", pid);
	printf("dropped\n");
	ftruncate();
	printf("into the file\n");
	freopen("");
	printf("back\n");
	system("cat /tmp/godtrace-freopen.%d; rm /tmp/godtrace-freopen.%d", pid, pid);
	exit(0);
}

/* system() runs its command once what came before is printed. */
/* @@nosort */
#pragma D option destructive
#pragma D option quiet
BEGIN
{
	printf("before\n");
	system("echo hello %d %s", 42, "there");
	printf("after\n");
	exit(0);
}

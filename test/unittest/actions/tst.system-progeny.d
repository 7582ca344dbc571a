/*
 * The only progeny of dtrace that a system() command makes is the
 * command's: the first process of dtrace's to exit is its shell.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	parent = pid;
	system("exit 3");
}

proc:::exit
/progenyof(parent) && pid != parent/
{
	printf("%s %d\n", execname, args[0]);
	exit(0);
}

tick-5s
{
	printf("no exit seen\n");
	exit(1);
}

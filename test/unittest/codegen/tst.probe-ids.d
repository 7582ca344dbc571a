#pragma D option quiet
BEGIN, END
{
	printf("%d %s %d %d\n", id, probename, epid > 0, arg0);
}
BEGIN
{
	exit(0);
}

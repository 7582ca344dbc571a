/* chill() of more than half a second is an illegal operation. */
#pragma D option destructive
#pragma D option quiet
BEGIN
{
	chill(600000000);
	printf("not reached\n");
}
BEGIN
{
	exit(1);
}

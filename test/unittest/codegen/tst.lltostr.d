#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s]\n", lltostr(12345), lltostr(-7), lltostr(0));
	printf("[%s] [%s]\n", lltostr(0x7fffffffffffffffLL), lltostr(-0x7fffffffffffffffLL - 1));
	exit(0);
}

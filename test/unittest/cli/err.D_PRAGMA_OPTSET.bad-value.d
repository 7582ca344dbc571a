#pragma D option bufsize=4q
BEGIN
{
	exit(0);
}

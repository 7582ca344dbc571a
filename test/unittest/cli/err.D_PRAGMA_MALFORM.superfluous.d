#pragma D option quiet flowindent
BEGIN
{
	exit(0);
}

#pragma D option nosuchoption=1
BEGIN
{
	exit(0);
}

/* zdefs (-Z) lets a description match no probes. */
#pragma D option zdefs
nosuchprovider:::nosuchprobe
{
	trace(arg0);
}
BEGIN
{
	exit(0);
}

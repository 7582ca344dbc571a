/* A description that matches no probe gives args[] no types. */
#pragma D option zdefs
nosuchprovider:::nosuchprobe
{
	trace(args[0]);
}

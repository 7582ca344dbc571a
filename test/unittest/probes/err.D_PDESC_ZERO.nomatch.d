nosuchprovider:::nosuchprobe
{
}

struct {
	int a;
} s;

BEGIN
{
	pcap(s, 0);
}

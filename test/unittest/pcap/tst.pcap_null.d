/*
 * pcap() of a NULL socket buffer captures nothing and prints nothing,
 * however often it is called in one clause.
 */
#pragma D option quiet

BEGIN
{
	pcap(0, PCAP_IP);
	pcap(NULL, PCAP_ETHER);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	printf("done\n");
	exit(0);
}

ERROR
{
	exit(1);
}

/*
 * Ten pcap() records of 1600 bytes (pcapsize's default) each exceed the
 * usual record size; the clause gets the record it needs. A NULL packet
 * captures nothing.
 */
#pragma D option quiet

BEGIN
{
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	pcap(0, PCAP_IP);
	printf("done\n");
	exit(0);
}

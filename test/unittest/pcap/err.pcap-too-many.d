/*
 * Twenty pcap() records of 1600 bytes are more than the scratch space can
 * stage: the error names the usual record size.
 */
BEGIN
{
	pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP);
	pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP);
	pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP);
	pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP);
	pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP); pcap(0, PCAP_IP);
	exit(0);
}

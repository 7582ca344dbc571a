/*
 * ip's and udp's translated arguments on a one-byte datagram the test's
 * shell sends to a port on loopback: it leaves through lo and comes back.
 */
#pragma D option quiet

udp:::send
/args[4]->udp_dport == 54329/
{
	printf("udp send %s -> %s:%d len %d %d %d\n", args[3]->udps_laddr, args[3]->udps_raddr,
	    args[3]->udps_rport, args[4]->udp_length, args[3]->udps_lport == args[4]->udp_sport,
	    args[1]->cs_addr == args[3]->udps_addr);
	printf("udp ip %s -> %s v%d plength %d\n", args[2]->ip_saddr, args[2]->ip_daddr,
	    args[2]->ip_ver, args[2]->ip_plength);
}

ip:::send,
ip:::receive
/args[4]->ipv4_protocol == 17 && args[2]->ip_daddr == "127.0.0.1" && args[2]->ip_plength == 9/
{
	printf("ip %s %s -> %s %s %s local %d ttl %d ihl %d length %d %d\n", probename,
	    args[2]->ip_saddr, args[4]->ipv4_daddr, args[3]->if_name, args[4]->ipv4_protostr,
	    args[3]->if_local, args[4]->ipv4_ttl, args[4]->ipv4_ihl, args[4]->ipv4_length,
	    args[5]->ipv6_daddr == "<null>");
}

/*
 * The segments that complete a handshake or refuse a connection: the
 * SYN-ACK at connect-established, the ACK at accept-established and the
 * reset at connect-refused, with their addresses, ports and flags (the
 * connections tcp-segments.pl makes on loopback, to port 54341 and,
 * refused, to 54342).
 */
#pragma D option quiet

tcp:::connect-established,
tcp:::accept-established
/args[3]->tcps_lport == 54341 || args[3]->tcps_rport == 54341/
{
	printf("%s %s -> %s flags %x from server %d to server %d packet %d\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags,
	    args[4]->tcp_sport == 54341, args[4]->tcp_dport == 54341,
	    args[0]->pkt_addr != NULL);
	printf("%s ports agree %d\n", probename,
	    args[4]->tcp_dport == args[3]->tcps_lport && args[4]->tcp_sport == args[3]->tcps_rport);
}

tcp:::connect-refused
/args[3]->tcps_rport == 54342/
{
	printf("%s %s:%d -> %s flags %x ports agree %d\n", probename,
	    args[2]->ip_saddr, args[4]->tcp_sport, args[2]->ip_daddr, args[4]->tcp_flags,
	    args[4]->tcp_dport == args[3]->tcps_lport);
}

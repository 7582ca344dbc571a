/*
 * tcp's translated arguments on a connection the test makes on loopback:
 * both ends become established, from SYN_SENT and SYN_RECEIVED, and each
 * receives one segment of five bytes.
 */
#pragma D option quiet

tcp:::state-change
/(args[3]->tcps_lport == 54331 || args[3]->tcps_rport == 54331) &&
    args[3]->tcps_state == TCP_STATE_ESTABLISHED/
{
	printf("established %s %s:%d -> %s:%d from %d local %d\n",
	    args[3]->tcps_lport == 54331 ? "server" : "client",
	    args[3]->tcps_laddr, args[3]->tcps_lport == 54331, args[3]->tcps_raddr,
	    args[3]->tcps_rport == 54331, args[5]->tcps_state, args[3]->tcps_local);
}

tcp:::receive
/(args[4]->tcp_dport == 54331 || args[4]->tcp_sport == 54331) &&
    args[2]->ip_plength - args[4]->tcp_offset > 0/
{
	printf("receive %s %s -> %s %d bytes flags %x ack %d\n",
	    args[4]->tcp_dport == 54331 ? "server" : "client",
	    args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_plength - args[4]->tcp_offset,
	    args[4]->tcp_flags, args[4]->tcp_flags & TH_ACK);
	printf("receive %s state %d %d %d\n", args[4]->tcp_dport == 54331 ? "server" : "client",
	    args[3]->tcps_state, args[1]->cs_addr == args[3]->tcps_addr,
	    args[3]->tcps_rport == args[4]->tcp_sport);
}

/*
 * tcp's translated arguments on connections the test makes on loopback:
 * one to port 54331 that both ends establish, sending five bytes each
 * way, and one to port 54332, refused.
 */
#pragma D option quiet

tcp:::state-change
/(args[3]->tcps_lport == 54331 || args[3]->tcps_rport == 54331) &&
    args[3]->tcps_state == TCP_STATE_ESTABLISHED/
{
	printf("state-change %s %s:%d -> %s:%d from %d local %d\n",
	    args[3]->tcps_lport == 54331 ? "server" : "client",
	    args[3]->tcps_laddr, args[3]->tcps_lport == 54331, args[3]->tcps_raddr,
	    args[3]->tcps_rport == 54331, args[5]->tcps_state, args[3]->tcps_local);
}

tcp:::connect-established,
tcp:::accept-established
/args[3]->tcps_lport == 54331 || args[3]->tcps_rport == 54331/
{
	printf("%s %s state %d %d\n", probename,
	    args[3]->tcps_lport == 54331 ? "server" : "client", args[3]->tcps_state,
	    args[1]->cs_addr == args[3]->tcps_addr);
	printf("%s segment %s -> %s flags %x ports %d %d\n", probename, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[4]->tcp_flags, args[4]->tcp_sport == args[3]->tcps_rport,
	    args[4]->tcp_dport == args[3]->tcps_lport);
}

tcp:::connect-request
/args[4]->tcp_dport == 54331/
{
	printf("connect-request flags %x %d %s -> %s\n", args[4]->tcp_flags,
	    args[3]->tcps_state == TCP_STATE_SYN_SENT, args[2]->ip_saddr, args[2]->ip_daddr);
}

tcp:::send,
tcp:::receive
/(args[4]->tcp_dport == 54331 || args[4]->tcp_sport == 54331) &&
    args[2]->ip_plength - args[4]->tcp_offset > 0/
{
	printf("%s %s %s -> %s %d bytes flags %x\n", probename,
	    args[4]->tcp_dport == 54331 ? "to server" : "to client",
	    args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_plength - args[4]->tcp_offset,
	    args[4]->tcp_flags);
	printf("%s %s state %d %d %d\n", probename, args[4]->tcp_dport == 54331 ? "to server" : "to client",
	    args[3]->tcps_state, args[1]->cs_addr == args[3]->tcps_addr,
	    args[3]->tcps_rport == (probename == "send" ? args[4]->tcp_dport : args[4]->tcp_sport));
}

tcp:::send
/args[4]->tcp_sport == 54331 && args[4]->tcp_flags == (TH_SYN | TH_ACK)/
{
	printf("send syn-ack %d %d %s:%d\n", args[3]->tcps_addr == 0, args[3]->tcps_lport,
	    args[3]->tcps_raddr, args[3]->tcps_rport == args[4]->tcp_dport);
}

tcp:::accept-refused
/args[4]->tcp_dport == 54332/
{
	printf("accept-refused flags %x %s:%d <- %s %d\n", args[4]->tcp_flags, args[3]->tcps_laddr,
	    args[3]->tcps_lport, args[3]->tcps_raddr, args[3]->tcps_rport == args[4]->tcp_sport);
}

tcp:::connect-refused
/args[3]->tcps_rport == 54332/
{
	printf("connect-refused %s state %d\n", args[3]->tcps_raddr, args[3]->tcps_state);
	printf("connect-refused segment %s -> %s flags %x ports %d %d\n", args[2]->ip_saddr,
	    args[2]->ip_daddr, args[4]->tcp_flags, args[4]->tcp_sport == args[3]->tcps_rport,
	    args[4]->tcp_dport == args[3]->tcps_lport);
}

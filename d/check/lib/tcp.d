/*
 * TCP information for D programs: the tcp provider's tcpsinfo_t (from
 * the kernel's struct tcp_sock), tcplsinfo_t (the previous state, an
 * int) and tcpinfo_t (from struct tcphdr). Written for godtrace after the
 * structures the Dynamic Tracing Guide documents. States are the
 * kernel's own numbers (TCP_ESTABLISHED is 1), as DTrace for Linux's
 * TCP_STATE_* are; addresses are those of the socket's address family.
 *
 * The tcp provider's natives are DTrace's: arg0 the sk_buff, arg1 the
 * sock, arg2 the IP header, arg3 the tcp_sock, arg4 the TCP header, arg5
 * the new state of a state change, and arg6 the direction: 0 outbound, 1
 * inbound, 2 a state change. A state change fires before the socket's
 * state changes: the new state is arg5, the socket holds the previous.
 */

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_IDLE = 0;
inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

/* The name a TCP_STATE_* value is printed with. */
inline string tcp_state_string[int state] =
    state == TCP_STATE_CLOSED ? "state-closed" :
    state == TCP_STATE_IDLE ? "state-idle" :
    state == TCP_STATE_LISTEN ? "state-listen" :
    state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
    state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
    state == TCP_STATE_ESTABLISHED ? "state-established" :
    state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
    state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
    state == TCP_STATE_CLOSING ? "state-closing" :
    state == TCP_STATE_LAST_ACK ? "state-last-ack" :
    state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
    state == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* the socket */
	int	tcps_local;	/* is the connection local to the host */
	int	tcps_active;	/* was the connection actively opened */
	uint16_t tcps_lport;	/* local port */
	uint16_t tcps_rport;	/* remote port */
	string	tcps_laddr;	/* local address */
	string	tcps_raddr;	/* remote address */
	int32_t	tcps_state;	/* state */
	uint32_t tcps_iss;	/* initial send sequence number */
	uint32_t tcps_suna;	/* sequence number sent but not acknowledged */
	uint32_t tcps_snxt;	/* next sequence number to send */
	uint32_t tcps_rack;	/* sequence number last acknowledged */
	uint32_t tcps_rnxt;	/* next sequence number expected */
	uint32_t tcps_swnd;	/* send window */
	int32_t	tcps_snd_ws;	/* send window scale */
	uint32_t tcps_rwnd;	/* receive window */
	int32_t	tcps_rcv_ws;	/* receive window scale */
	uint32_t tcps_cwnd;	/* congestion window */
	uint32_t tcps_cwnd_ssthresh; /* slow start threshold */
	uint32_t tcps_sack_fack; /* SACK: forward acknowledgement */
	uint32_t tcps_sack_snxt; /* SACK: next sequence number to send */
	uint32_t tcps_rto;	/* retransmission timeout */
	uint32_t tcps_mss;	/* maximum segment size */
	int	tcps_retransmit; /* retransmissions */
	uint32_t tcps_rtt;	/* smoothed round-trip time */
	uint32_t tcps_rtt_sd;	/* round-trip time deviation */
	uint32_t tcps_irs;	/* initial receive sequence number */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t	tcps_state;	/* the previous state */
} tcplsinfo_t;

typedef struct tcpinfo {
	uint16_t tcp_sport;	/* source port */
	uint16_t tcp_dport;	/* destination port */
	uint32_t tcp_seq;	/* sequence number */
	uint32_t tcp_ack;	/* acknowledgement number */
	uint8_t	tcp_offset;	/* data offset in bytes */
	uint8_t	tcp_flags;	/* flags */
	uint16_t tcp_window;	/* window */
	uint16_t tcp_checksum;	/* checksum */
	uint16_t tcp_urgent;	/* urgent pointer */
	struct tcphdr *tcp_hdr;	/* the header itself */
} tcpinfo_t;

translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = T == NULL ? 0 :
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_daddr ==
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_rcv_saddr;
	tcps_active = 0;
	/*
	 * A probe without a full socket (a reset refusing a connection, a
	 * SYN-ACK) has its ports and addresses in the headers: the local
	 * ones are the destination's of an inbound segment.
	 */
	tcps_lport = T != NULL ? T->inet_conn.icsk_inet.sk.__sk_common.skc_num :
	    arg4 == 0 ? 0 : ntohs(arg6 == 1 ?
	    ((struct tcphdr *)arg4)->dest : ((struct tcphdr *)arg4)->source);
	tcps_rport = T != NULL ? ntohs(T->inet_conn.icsk_inet.sk.__sk_common.skc_dport) :
	    arg4 == 0 ? 0 : ntohs(arg6 == 1 ?
	    ((struct tcphdr *)arg4)->source : ((struct tcphdr *)arg4)->dest);
	tcps_laddr = T != NULL ?
	    (T->inet_conn.icsk_inet.sk.__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_rcv_saddr) :
	    inet_ntoa(&T->inet_conn.icsk_inet.sk.__sk_common.skc_rcv_saddr)) :
	    arg2 == 0 ? "<unknown>" : ((struct iphdr *)arg2)->version == 4 ?
	    inet_ntoa(arg6 == 1 ? &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    inet_ntoa6(arg6 == 1 ? &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr);
	tcps_raddr = T != NULL ?
	    (T->inet_conn.icsk_inet.sk.__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_daddr) :
	    inet_ntoa(&T->inet_conn.icsk_inet.sk.__sk_common.skc_daddr)) :
	    arg2 == 0 ? "<unknown>" : ((struct iphdr *)arg2)->version == 4 ?
	    inet_ntoa(arg6 == 1 ? &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    inet_ntoa6(arg6 == 1 ? &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr);
	tcps_state = arg6 == 2 ? arg5 :
	    T == NULL ? 0 : T->inet_conn.icsk_inet.sk.__sk_common.skc_state;
	tcps_iss = 0;
	tcps_suna = T == NULL ? 0 : T->snd_una;
	tcps_snxt = T == NULL ? 0 : T->snd_nxt;
	tcps_rack = T == NULL ? 0 : T->rcv_wup;
	tcps_rnxt = T == NULL ? 0 : T->rcv_nxt;
	tcps_swnd = T == NULL ? 0 : T->snd_wnd;
	tcps_snd_ws = T == NULL ? 0 : T->rx_opt.snd_wscale;
	tcps_rwnd = T == NULL ? 0 : T->rcv_wnd;
	tcps_rcv_ws = T == NULL ? 0 : T->rx_opt.rcv_wscale;
	tcps_cwnd = T == NULL ? 0 : T->snd_cwnd;
	tcps_cwnd_ssthresh = T == NULL ? 0 : T->snd_ssthresh;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = T == NULL ? 0 : T->inet_conn.icsk_rto;
	tcps_mss = T == NULL ? 0 : T->mss_cache;
	tcps_retransmit = T == NULL ? 0 : T->inet_conn.icsk_retransmits;
	tcps_rtt = T == NULL ? 0 : (T->srtt_us >> 3) / 1000;	/* ms */
	tcps_rtt_sd = T == NULL ? 0 : (T->mdev_us >> 2) / 1000;
	tcps_irs = 0;
};

translator tcplsinfo_t < int S > {
	tcps_state = arg3 == 0 ? 0 :
	    ((struct sock *)arg3)->__sk_common.skc_state;
};

translator tcpinfo_t < struct tcphdr *H > {
	tcp_sport = H == NULL ? 0 : ntohs(H->source);
	tcp_dport = H == NULL ? 0 : ntohs(H->dest);
	tcp_seq = H == NULL ? 0 : ntohl(H->seq);
	tcp_ack = H == NULL ? 0 : ntohl(H->ack_seq);
	tcp_offset = H == NULL ? 0 : H->doff * 4;
	tcp_flags = H == NULL ? 0 : H->fin | H->syn << 1 | H->rst << 2 | H->psh << 3 |
	    H->ack << 4 | H->urg << 5 | H->ece << 6 | H->cwr << 7;
	tcp_window = H == NULL ? 0 : ntohs(H->window);
	tcp_checksum = H == NULL ? 0 : ntohs(H->check);
	tcp_urgent = H == NULL ? 0 : ntohs(H->urg_ptr);
	tcp_hdr = H;
};

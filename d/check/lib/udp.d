/*
 * UDP information for D programs: the udp provider's udpsinfo_t (from
 * the kernel's struct udp_sock) and udpinfo_t (from struct udphdr).
 * Written for godtrace after the structures the Dynamic Tracing Guide
 * documents; addresses are those of the socket's address family.
 */

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the socket */
	uint16_t udps_lport;	/* local port */
	uint16_t udps_rport;	/* remote port */
	string	udps_laddr;	/* local address */
	string	udps_raddr;	/* remote address */
} udpsinfo_t;

typedef struct udpinfo {
	uint16_t udp_sport;	/* source port */
	uint16_t udp_dport;	/* destination port */
	uint16_t udp_length;	/* length of header and payload */
	uint16_t udp_checksum;	/* checksum */
	struct udphdr *udp_hdr;	/* the header itself */
} udpinfo_t;

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = S == NULL ? 0 : S->inet.sk.__sk_common.skc_num;
	udps_rport = S == NULL ? 0 : ntohs(S->inet.sk.__sk_common.skc_dport);
	udps_laddr = S == NULL ? "<unknown>" :
	    S->inet.sk.__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&S->inet.sk.__sk_common.skc_v6_rcv_saddr) :
	    inet_ntoa(&S->inet.sk.__sk_common.skc_rcv_saddr);
	udps_raddr = S == NULL ? "<unknown>" :
	    S->inet.sk.__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&S->inet.sk.__sk_common.skc_v6_daddr) :
	    inet_ntoa(&S->inet.sk.__sk_common.skc_daddr);
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U == NULL ? 0 : ntohs(U->source);
	udp_dport = U == NULL ? 0 : ntohs(U->dest);
	udp_length = U == NULL ? 0 : ntohs(U->len);
	udp_checksum = U == NULL ? 0 : ntohs(U->check);
	udp_hdr = U;
};

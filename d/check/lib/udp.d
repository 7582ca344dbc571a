/*
 * UDP information for D programs: the udp provider's udpsinfo_t (from
 * the kernel's struct udp_sock) and udpinfo_t (from struct udphdr).
 * Written for godtrace after the structures the Dynamic Tracing Guide
 * documents.
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

/*
 * The ports and addresses come from the datagram's headers, as in DTrace:
 * a socket that sends with sendto() has no peer. The udp provider's
 * natives are DTrace's: arg2 the IP header, arg4 the UDP header, arg5 the
 * direction (0 outbound, 1 inbound).
 */
translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = arg4 == 0 ? 0 : ntohs(arg5 == 0 ?
	    ((struct udphdr *)arg4)->source : ((struct udphdr *)arg4)->dest);
	udps_rport = arg4 == 0 ? 0 : ntohs(arg5 == 0 ?
	    ((struct udphdr *)arg4)->dest : ((struct udphdr *)arg4)->source);
	udps_laddr = arg2 == 0 ? "<unknown>" :
	    ((struct iphdr *)arg2)->version == 4 ? inet_ntoa(arg5 == 0 ?
	    &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    inet_ntoa6(arg5 == 0 ?
	    &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr);
	udps_raddr = arg2 == 0 ? "<unknown>" :
	    ((struct iphdr *)arg2)->version == 4 ? inet_ntoa(arg5 == 0 ?
	    &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    inet_ntoa6(arg5 == 0 ?
	    &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr);
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U == NULL ? 0 : ntohs(U->source);
	udp_dport = U == NULL ? 0 : ntohs(U->dest);
	udp_length = U == NULL ? 0 : ntohs(U->len);
	udp_checksum = U == NULL ? 0 : ntohs(U->check);
	udp_hdr = U;
};

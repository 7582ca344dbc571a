/*
 * Network packet information for D programs: the argument types of the
 * ip provider (and the first arguments of tcp and udp), pktinfo_t,
 * csinfo_t, ipinfo_t, ifinfo_t, ipv4info_t and ipv6info_t, with their
 * translators from the kernel structures the providers give. Written for
 * godtrace after the structures the Dynamic Tracing Guide documents.
 */

/*
 * The IP header of either version (its first nibble says which): an
 * opaque type, not void, so that a translator is needed to read it.
 */
typedef struct void_ip void_ip_t;

/* The protocol numbers of IPv4's protocol and IPv6's next header. */
inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_BEETPH = 94;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_MAX = 256;

/* The size of a TCP header without options. */
inline int TCP_MIN_HEADER_LENGTH = 20;
typedef int netstackid_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the packet's sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the connection's sock */
	uint64_t cs_cid;	/* connection id */
	pid_t	cs_pid;		/* process id (0 when unknown) */
	zoneid_t cs_zoneid;	/* zone id (always 0 on Linux) */
} csinfo_t;

typedef struct ipinfo {
	uint8_t	ip_ver;		/* IP version, 4 or 6 */
	uint32_t ip_plength;	/* payload length */
	string	ip_saddr;	/* source address */
	string	ip_daddr;	/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string	if_name;	/* interface name */
	int8_t	if_local;	/* is the interface loopback */
	netstackid_t if_ipstack; /* network stack id */
	uintptr_t if_addr;	/* the interface's net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t	ipv4_ver;	/* version (4) */
	uint8_t	ipv4_ihl;	/* header length in bytes */
	uint8_t	ipv4_tos;	/* type of service */
	uint16_t ipv4_length;	/* total length */
	uint16_t ipv4_ident;	/* identification */
	uint8_t	ipv4_flags;	/* flags */
	uint16_t ipv4_offset;	/* fragment offset */
	uint8_t	ipv4_ttl;	/* time to live */
	uint8_t	ipv4_protocol;	/* next protocol */
	string	ipv4_protostr;	/* next protocol's name */
	uint16_t ipv4_checksum;	/* header checksum */
	ipaddr_t ipv4_src;	/* source address */
	ipaddr_t ipv4_dst;	/* destination address */
	string	ipv4_saddr;	/* source address as text */
	string	ipv4_daddr;	/* destination address as text */
	struct iphdr *ipv4_hdr;	/* the header itself */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t	ipv6_ver;	/* version (6) */
	uint8_t	ipv6_tclass;	/* traffic class */
	uint32_t ipv6_flow;	/* flow label */
	uint16_t ipv6_plen;	/* payload length */
	uint8_t	ipv6_nexthdr;	/* next header */
	string	ipv6_nextstr;	/* next header's name */
	uint8_t	ipv6_hlim;	/* hop limit */
	in6_addr_t *ipv6_src;	/* source address */
	in6_addr_t *ipv6_dst;	/* destination address */
	string	ipv6_saddr;	/* source address as text */
	string	ipv6_daddr;	/* destination address as text */
	struct ipv6hdr *ipv6_hdr; /* the header itself */
} ipv6info_t;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

translator ipinfo_t < void_ip_t *I > {
	ip_ver = I == NULL ? 0 : ((struct iphdr *)I)->version;
	ip_plength = I == NULL ? 0 : ((struct iphdr *)I)->version == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((struct iphdr *)I)->ihl * 4 :
	    ntohs(((struct ipv6hdr *)I)->payload_len);
	ip_saddr = I == NULL ? "<unknown>" : ((struct iphdr *)I)->version == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->saddr) :
	    inet_ntoa6(&((struct ipv6hdr *)I)->saddr);
	ip_daddr = I == NULL ? "<unknown>" : ((struct iphdr *)I)->version == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->daddr) :
	    inet_ntoa6(&((struct ipv6hdr *)I)->daddr);
};

translator ipinfo_t < struct iphdr *I > {
	ip_ver = 4;
	ip_plength = I == NULL ? 0 : ntohs(I->tot_len) - I->ihl * 4;
	ip_saddr = I == NULL ? "<unknown>" : inet_ntoa(&I->saddr);
	ip_daddr = I == NULL ? "<unknown>" : inet_ntoa(&I->daddr);
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = 6;
	ip_plength = I == NULL ? 0 : ntohs(I->payload_len);
	ip_saddr = I == NULL ? "<unknown>" : inet_ntoa6(&I->saddr);
	ip_daddr = I == NULL ? "<unknown>" : inet_ntoa6(&I->daddr);
};

translator ifinfo_t < struct net_device *N > {
	if_name = N == NULL ? "<unknown>" : stringof(N->name);
	if_local = N == NULL ? 0 : (N->flags & 0x8) != 0;	/* IFF_LOOPBACK */
	if_ipstack = 0;
	if_addr = (uintptr_t)N;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I == NULL ? 0 : I->version;
	ipv4_ihl = I == NULL ? 0 : I->ihl * 4;
	ipv4_tos = I == NULL ? 0 : I->tos;
	ipv4_length = I == NULL ? 0 : ntohs(I->tot_len);
	ipv4_ident = I == NULL ? 0 : ntohs(I->id);
	ipv4_flags = I == NULL ? 0 : ntohs(I->frag_off) >> 13;
	ipv4_offset = I == NULL ? 0 : ntohs(I->frag_off) & 0x1fff;
	ipv4_ttl = I == NULL ? 0 : I->ttl;
	ipv4_protocol = I == NULL ? 0 : I->protocol;
	ipv4_protostr = I == NULL ? "<null>" :
	    I->protocol == 1 ? "ICMP" : I->protocol == 2 ? "IGMP" :
	    I->protocol == 6 ? "TCP" : I->protocol == 17 ? "UDP" :
	    I->protocol == 58 ? "ICMPV6" : "<unknown>";
	ipv4_checksum = I == NULL ? 0 : ntohs(I->check);
	ipv4_src = I == NULL ? 0 : I->saddr;
	ipv4_dst = I == NULL ? 0 : I->daddr;
	ipv4_saddr = I == NULL ? "<null>" : inet_ntoa(&I->saddr);
	ipv4_daddr = I == NULL ? "<null>" : inet_ntoa(&I->daddr);
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I == NULL ? 0 : I->version;
	ipv6_tclass = I == NULL ? 0 : (I->priority << 4) | (I->flow_lbl[0] >> 4);
	ipv6_flow = I == NULL ? 0 : ((I->flow_lbl[0] & 0x0f) << 16) |
	    (I->flow_lbl[1] << 8) | I->flow_lbl[2];
	ipv6_plen = I == NULL ? 0 : ntohs(I->payload_len);
	ipv6_nexthdr = I == NULL ? 0 : I->nexthdr;
	ipv6_nextstr = I == NULL ? "<null>" :
	    I->nexthdr == 6 ? "TCP" : I->nexthdr == 17 ? "UDP" :
	    I->nexthdr == 58 ? "ICMPV6" : "<unknown>";
	ipv6_hlim = I == NULL ? 0 : I->hop_limit;
	ipv6_src = I == NULL ? NULL : (in6_addr_t *)&I->saddr;
	ipv6_dst = I == NULL ? NULL : (in6_addr_t *)&I->daddr;
	ipv6_saddr = I == NULL ? "<null>" : inet_ntoa6(&I->saddr);
	ipv6_daddr = I == NULL ? "<null>" : inet_ntoa6(&I->daddr);
	ipv6_hdr = I;
};

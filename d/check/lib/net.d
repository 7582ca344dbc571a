/*
 * Network constants of the ip, tcp and udp providers: the hardware types
 * of an interface (ARPHRD_*) and which way a packet goes.
 */

inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

inline int NET_PROBE_OUTBOUND = 0;
inline int NET_PROBE_INBOUND = 1;

typedef struct conninfo {
	string	ci_local;	/* local host address */
	string	ci_remote;	/* remote host address */
	string	ci_protocol;	/* protocol (ipv4, ipv6, ...) */
} conninfo_t;

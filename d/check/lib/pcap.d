/*
 * The link types pcap()'s second argument names: how the packet's first
 * bytes are to be read (the values of pcap's LINKTYPE_* list).
 */

inline int PCAP_NULL = 0;	/* BSD loopback */
inline int PCAP_ETHER = 1;	/* Ethernet */
inline int PCAP_PPP = 9;	/* PPP */
inline int PCAP_IP = 12;	/* raw IP */
inline int PCAP_WIFI = 105;	/* IEEE 802.11 */
inline int PCAP_IPOIB = 242;	/* IP over InfiniBand */

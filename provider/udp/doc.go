// Package udp owns the udp provider: DTrace's UDP probes
// (udp:vmlinux::NAME), those the kernel's tracepoints reach.
//
// send leaves DTrace's natives in args[], in the order the checker's
// translators expect: args[0] struct sk_buff * (pktinfo_t *), args[1]
// struct sock * (csinfo_t *), args[2] the IP header (void_ip_t *,
// ipinfo_t *), args[3] struct udp_sock * (udpsinfo_t *), args[4] struct
// udphdr * (udpinfo_t *). It fires on net_dev_queue of a UDP datagram
// sent from a socket (IPv4, or IPv6 without extension headers), where
// DTrace uses fbt udp_send_skb.
//
// receive is absent: the only receive tracepoint before the socket
// lookup (netif_receive_skb) has no socket for args[1] and args[3], and
// DTrace's (udp_queue_rcv_skb) needs kprobes or fentry.
package udp

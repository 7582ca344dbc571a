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
// receive has the same natives. No tracepoint fires where a datagram
// meets its socket (netif_receive_skb comes before the lookup, with no
// socket for args[1] and args[3]): as DTrace does, it is built on the
// entry of udp_queue_rcv_skb and udpv6_queue_rcv_skb, with kprobes, and
// is absent where the kernel has none.
package udp

// Package ip owns the ip provider: DTrace's IP packet probes
// (ip:vmlinux::send and ip:vmlinux::receive), built on the network
// device tracepoints.
//
// Both probes leave DTrace's natives in args[], in the order the
// checker's translators expect: args[0] struct sk_buff * (pktinfo_t *),
// args[1] its struct sock * (csinfo_t *), args[2] the IP header
// (void_ip_t *, ipinfo_t *), args[3] the struct net_device * (ifinfo_t
// *), args[4] the IPv4 header or 0 (struct iphdr *, ipv4info_t *),
// args[5] the IPv6 header or 0 (struct ipv6hdr *, ipv6info_t *).
//
//	send     net_dev_queue of an IPv4 or IPv6 packet; the header is at
//	         skb->head + skb->network_header
//	receive  netif_receive_skb of an IPv4 or IPv6 packet; the link
//	         header is pulled, so the header is at skb->data
//
// DTrace fires these in ip_finish_output and ip_local_deliver (fbt, and
// ip6_* for IPv6); the device tracepoints fire at the same packets one
// layer lower, and also for packets the host forwards.
package ip

// Package tcp owns the tcp provider: DTrace's TCP probes
// (tcp:vmlinux::NAME), those the kernel's tracepoints reach.
//
// Natives follow DTrace's layout for every tcp probe, in the order the
// checker's translators expect: args[0] struct sk_buff * (pktinfo_t *),
// args[1] struct sock * (csinfo_t *), args[2] the IP header (ipinfo_t *),
// args[3] struct tcp_sock * (tcpsinfo_t *), args[4] struct tcphdr *
// (tcpinfo_t *), args[5] the socket state (tcplsinfo_t * for
// state-change), and a seventh native, not an args[] entry, that tells
// the translators the direction: 0 outbound, 1 inbound, 2 state change.
//
//	send                 net_dev_queue of a TCP segment a socket sends
//	                     (IPv4, or IPv6 without extension headers); a
//	                     request socket's SYN-ACK has no tcp_sock, and
//	                     tcpsinfo_t's ports and addresses come from the
//	                     headers, as in DTrace
//	connect-request      send of a SYN_SENT socket (its SYN)
//	receive              tcp_probe (sk, skb): a segment received on an
//	                     established connection
//	state-change         inet_sock_set_state (sk, old, new) of a TCP
//	                     socket; args[5] is the new state, args[0], [2]
//	                     and [4] are 0
//	connect-established  inet_sock_set_state, SYN_SENT to ESTABLISHED
//	accept-established   inet_sock_set_state, SYN_RECV to ESTABLISHED
//	connect-refused      tcp_receive_reset (sk) in SYN_SENT
//	accept-refused       tcp_send_reset (sk, skb) answering a SYN without
//	                     ACK: the refused request's segment, and no
//	                     socket (or the one that refused it)
//
// DTrace builds all but state-change on fbt probes, which have the
// segment a socket is processing. The tracepoints of the established and
// refused-connect probes give the socket only: netif_receive_skb records
// the segment each CPU receives, and, keyed by ports and acknowledgement
// number, each segment with ACK and SYN or RST, IPv4 without options or
// IPv6 without extension headers (the cost of two reads per packet
// received on the machine while these probes are enabled: about 75 ns).
// The socket's tracepoint takes the SYN-ACK or reset whose ports and
// acknowledgement number are the socket's (its snd_una, its snd_nxt):
// found however late the socket processes it, as a loopback connect
// always does, from its backlog at release_sock. Otherwise, and for
// accept-established's final ACK, which no flag tells apart, it takes
// the segment its CPU received last when its ports are the socket's.
// Where neither has it (a segment of a batch, or processed from the
// backlog after others), args[0] is 0 and args[2] and [4] point to
// headers built from the socket: the connection's addresses and ports
// (the socket's own, swapped: the segment is inbound), the IP version
// and header lengths, and 0 for the rest (flags, sequence and
// acknowledgement numbers, window, payload length): tcp_flags 0 tells
// such headers from a segment's.
//
// receive misses segments received outside the established state (the
// handshake's, a FIN in FIN_WAIT), which DTrace takes from
// tcp_rcv_state_process with fbt.
package tcp

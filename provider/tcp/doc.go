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
//	receive       tcp_probe (sk, skb): a segment received on an
//	              established connection
//	state-change  inet_sock_set_state (sk, old, new) of a TCP socket;
//	              args[5] is the new state, args[0], [2] and [4] are 0
//
// send, connect-request, connect-established, connect-refused,
// accept-established and accept-refused, and receive outside the
// established state, have no tracepoint (DTrace builds them on fbt
// probes) and are absent until kprobes or fentry are usable.
package tcp

package tcp

import (
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the tcp provider.
func New() *stable.Provider { return stable.New("tcp", "vmlinux", stable.Attrs, probes) }

// The direction native (DTrace's NET_PROBE_*).
const (
	outbound = 0
	inbound  = 1
	state    = 2
)

// tmp is the direction native, a scratch slot until it is set.
const tmp = 6

// Linux TCP states (include/net/tcp_states.h).
const (
	established = 1
	synSent     = 2
	synRecv     = 3
	timeWait    = 6
	newSynRecv  = 12
)

// TCP header flags, in the header's byte 13.
const (
	flagSYN = 0x02
	flagACK = 0x10
)

// headers sets args[2] and args[4] to the IP and TCP headers of the
// sk_buff in args[src].
func headers(src int) stable.Step {
	return stable.Seq(
		stable.Read(2, src, "sk_buff", "head", 8),
		stable.Read(tmp, src, "sk_buff", "network_header", 2),
		stable.Add(2, tmp),
		stable.Read(4, src, "sk_buff", "head", 8),
		stable.Read(tmp, src, "sk_buff", "transport_header", 2),
		stable.Add(4, tmp))
}

// fullSock sets args[3] (the tcp_sock) to the sock in args[1] when it is
// a full socket, else to 0: a request socket (NEW_SYN_RECV, sending a
// SYN-ACK) or a timewait socket is a smaller struct, and the translators
// then take ports and addresses from the headers, as in DTrace.
var fullSock = stable.Seq(
	stable.Read(tmp, 1, "sock", "__sk_common.skc_state", 1),
	stable.Custom(func(b *bpfrt.Builder) {
		none, done := b.Label("tcp_notfull"), b.Label("tcp_full")
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
			asm.JEq.Imm(asm.R0, newSynRecv, none),
			asm.JEq.Imm(asm.R0, timeWait, none),
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(1), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(3), asm.R0, asm.DWord),
			asm.Ja.Label(done))
		b.Mark(none)
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(3), 0))
		b.Mark(done)
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(tmp), 0))
	}))

// send fires on net_dev_queue of a TCP segment a socket of this host
// sends (IPv4, or IPv6 without extension headers), where DTrace uses fbt
// ip_queue_xmit and its kin; with synSent, only a SYN_SENT socket's.
func send(v6, synSentOnly bool) stable.Source {
	hdr, proto := "iphdr", "protocol"
	if v6 {
		hdr, proto = "ipv6hdr", "nexthdr"
	}
	steps := []stable.Step{
		stable.IPPacket(v6, stable.IPSendHeader),
		stable.Read(tmp, 2, hdr, proto, 1),
		stable.Skip(tmp, asm.JNE, unix.IPPROTO_TCP),
		stable.Skip(1, asm.JEq, 0),
	}
	if synSentOnly {
		steps = append(steps,
			stable.Read(tmp, 1, "sock", "__sk_common.skc_state", 1),
			stable.Skip(tmp, asm.JNE, synSent))
	}
	steps = append(steps,
		fullSock,
		stable.Read(4, 0, "sk_buff", "head", 8),
		stable.Read(tmp, 0, "sk_buff", "transport_header", 2),
		stable.Add(4, tmp),
		stable.Zero(5), stable.Set(tmp, outbound))
	return stable.Source{Group: "net", Tracepoint: "net_dev_queue", Rewrite: stable.Seq(steps...)}
}

// received is the segment each CPU is receiving: netif_receive_skb
// records it, and the TCP processing of that segment, which follows on
// the same CPU in the same softirq, finds it there. The tracepoints of
// that processing (inet_sock_set_state, tcp_receive_reset) give the
// socket only, where DTrace's fbt probes have the segment too.
var received = stable.NewCPUStash("dt_tcp_rx")

// receiving records the segment being received, for inboundSegment.
var receiving = stable.Source{Group: "net", Tracepoint: "netif_receive_skb", Rewrite: stable.StashCPU(received, 0)}

// scratch is a second scratch slot, past the natives.
const scratch = 7

// inboundSegment sets args[0], [2] and [4] to the segment this CPU is
// receiving, its sk_buff and its IP and TCP headers, when it is one for
// the socket in args[1]: its ports are the socket's, swapped. Otherwise
// (a segment processed later from the socket's backlog, or a batch of
// segments received together) they are 0, no packet.
var inboundSegment = stable.Else(stable.Seq(
	stable.UnstashCPU(received, 0),
	stable.Skip(0, asm.JEq, 0),
	headers(0),
	stable.ReadAt(tmp, 4, 0, 2), // source port
	stable.Read(scratch, 1, "sock", "__sk_common.skc_dport", 2),
	stable.SkipUnequal(tmp, scratch),
	stable.ReadAt(tmp, 4, 2, 2), // destination port
	stable.Read(scratch, 1, "sock", "__sk_common.skc_num", 2),
	stable.Swap16(scratch),
	stable.SkipUnequal(tmp, scratch),
	stable.Zero(scratch),
), stable.Seq(stable.Zero(0), stable.Zero(2), stable.Zero(4), stable.Zero(scratch)))

// transition fires on inet_sock_set_state of a TCP socket going from
// state from to state to, with the socket's natives and those of the
// segment that made it change (inboundSegment). The socket's state is
// still from; as for state-change, the new state is in args[5] and the
// direction native says so, so that tcpsinfo_t gives the new state.
func transition(from, to int32) []stable.Source {
	return []stable.Source{receiving, {Group: "sock", Tracepoint: "inet_sock_set_state", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sock", "sk_protocol", 2),
		stable.Skip(tmp, asm.JNE, unix.IPPROTO_TCP),
		stable.Skip(1, asm.JNE, from), stable.Skip(2, asm.JNE, to),
		stable.Copy(5, 2), stable.Copy(3, 0), stable.Copy(1, 0),
		inboundSegment,
		stable.Set(tmp, state))}}
}

var probes = []stable.Probe{
	{Name: "accept-established", Sources: transition(synRecv, established), Args: packetArgs},
	// A connection request refused: the reset a SYN without ACK gets.
	{Name: "accept-refused", Sources: []stable.Source{{Group: "tcp", Tracepoint: "tcp_send_reset", Rewrite: stable.Seq(
		stable.Skip(1, asm.JEq, 0),
		stable.Copy(3, 0), stable.Copy(0, 1), stable.Copy(1, 3),
		headers(0),
		stable.ReadAt(tmp, 4, 13, 1),
		stable.SkipMasked(tmp, flagSYN|flagACK, asm.JNE, flagSYN),
		stable.Zero(5), stable.Set(tmp, inbound))}},
		Args: packetArgs},
	{Name: "connect-established", Sources: transition(synSent, established), Args: packetArgs},
	// A connection request refused: a reset received in SYN_SENT.
	{Name: "connect-refused", Sources: []stable.Source{receiving, {Group: "tcp", Tracepoint: "tcp_receive_reset", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sock", "__sk_common.skc_state", 1),
		stable.Skip(tmp, asm.JNE, synSent),
		stable.Copy(3, 0), stable.Copy(1, 0),
		inboundSegment, stable.Zero(5),
		stable.Set(tmp, inbound))}},
		Args: packetArgs},
	{Name: "connect-request", Sources: []stable.Source{send(false, true), send(true, true)}, Args: packetArgs},
	{Name: "receive", Sources: []stable.Source{{Group: "tcp", Tracepoint: "tcp_probe", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0), stable.Skip(1, asm.JEq, 0),
		stable.Copy(3, 0), stable.Copy(0, 1), stable.Copy(1, 3),
		headers(0),
		stable.Read(5, 3, "sock", "__sk_common.skc_state", 1),
		stable.Set(tmp, inbound))}},
		Args: packetArgs},
	{Name: "send", Sources: []stable.Source{send(false, false), send(true, false)}, Args: packetArgs},
	{Name: "state-change", Sources: []stable.Source{{Group: "sock", Tracepoint: "inet_sock_set_state", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sock", "sk_protocol", 2),
		stable.Skip(tmp, asm.JNE, unix.IPPROTO_TCP),
		stable.Copy(5, 2), stable.Copy(3, 0), stable.Copy(1, 0),
		stable.Zero(0), stable.Zero(2), stable.Zero(4),
		stable.Set(tmp, state))}},
		Args: []provider.Arg{
			stable.Arg("void", "void", 0),
			stable.Arg("struct sock *", "csinfo_t *", 1),
			stable.Arg("void", "void", 2),
			stable.Arg("struct tcp_sock *", "tcpsinfo_t *", 3),
			stable.Arg("void", "void", 4),
			stable.Arg("int", "tcplsinfo_t *", 5),
		}},
}

var packetArgs = []provider.Arg{
	stable.Arg("struct sk_buff *", "pktinfo_t *", 0),
	stable.Arg("struct sock *", "csinfo_t *", 1),
	stable.Arg("void_ip_t *", "ipinfo_t *", 2),
	stable.Arg("struct tcp_sock *", "tcpsinfo_t *", 3),
	stable.Arg("struct tcphdr *", "tcpinfo_t *", 4),
	stable.Arg("void", "void", 5),
}

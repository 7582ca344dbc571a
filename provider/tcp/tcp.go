package tcp

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
	"github.com/godtrace/godtrace/provider/internal/tracepoint"
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
	flagRST = 0x04
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

// handshakes holds the received segments that can complete or refuse a
// connect (a SYN-ACK, a reset, each with ACK), keyed by their ports and
// acknowledgement number, for those processed later than received can
// say: a segment that finds its socket owned by a thread (as a
// loopback connect's SYN-ACK always does: the connecting thread holds
// the socket while its SYN is delivered) waits in the socket's backlog
// until release_sock, after other segments have come, perhaps on
// another CPU. The acknowledgement number is the socket's own (snd_una
// once the SYN-ACK is taken, snd_nxt for a reset), so a key names one
// handshake of one connection; what is never taken ages out.
var handshakes = stable.NewKeyedStash("dt_tcp_hs", 4096)

// skb->protocol values (big-endian ETH_P_IP and ETH_P_IPV6) as a
// little-endian load reads them.
const (
	ethIPv4 = 0x0008
	ethIPv6 = 0xdd86
)

// receiving records the segment being received, for inboundSegment: in
// received, every packet (the cost of one per-CPU store), and in
// handshakes a TCP segment with ACK and SYN or RST (the cost of two
// reads for every packet: the sk_buff's protocol and data, then the IP
// and TCP headers together).
var receiving = stable.Source{Group: "net", Tracepoint: "netif_receive_skb", Shared: "tcp_rx", Rewrite: stable.Seq(
	stable.PutCPU(received, 0),
	handshakeKey,
	stable.StashKeyed(handshakes, 1, 0),
)}

// The area of args[] handshakeKey reads into: from args[1], spanLen
// bytes (args[1] to args[7]); args[8] and [9] are the stash's.
const (
	span    = 1
	spanLen = 56
)

// handshakeKey ends the firing unless the sk_buff in args[0] holds a TCP
// segment with ACK and SYN or RST (IPv4 without options, or IPv6 without
// extension headers: what a handshake's segments are), and sets args[1]
// to its key in handshakes: its ports as the header has them, then its
// acknowledgement number.
func handshakeKey(b *bpfrt.Builder, skip string) error {
	protoOff, err := tracepoint.Offset("sk_buff", "protocol")
	if err != nil {
		return err
	}
	dataOff, err := tracepoint.Offset("sk_buff", "data")
	if err != nil {
		return err
	}
	// One read for the protocol and the data pointer when they are near
	// each other in the sk_buff (28 bytes apart in 6.x kernels), two
	// otherwise.
	first, last := min(protoOff, dataOff), max(protoOff+2, dataOff+8)
	base := bpfrt.MstArg(span)
	if last-first <= spanLen {
		if err := readSpan(b, skip, 0, int32(first), int32(last-first)); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R4, bpfrt.RegScratch, base+int16(protoOff-first), asm.Half),
			asm.LoadMem(asm.R5, bpfrt.RegScratch, base+int16(dataOff-first), asm.DWord))
	} else {
		if err := stable.ReadAt(span, 0, int32(protoOff), 2)(b, skip); err != nil {
			return err
		}
		if err := stable.ReadAt(span+1, 0, int32(dataOff), 8)(b, skip); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R4, bpfrt.RegScratch, base, asm.Half),
			asm.LoadMem(asm.R5, bpfrt.RegScratch, base+8, asm.DWord))
	}
	ok := b.Label("tcp_ip")
	b.Emit(
		asm.JEq.Imm(asm.R4, ethIPv4, ok),
		asm.JNE.Imm(asm.R4, ethIPv6, skip))
	b.Mark(ok)
	// The protocol survives the read in the key slot, past the span.
	b.Emit(asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(span+7), asm.R4, asm.DWord))
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
		asm.Add.Imm(asm.R1, int32(base)),
		asm.Mov.Imm(asm.R2, spanLen),
		asm.Mov.Reg(asm.R3, asm.R5),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, skip))
	v4, hdr := b.Label("tcp_v4"), b.Label("tcp_hdr")
	b.Emit(
		asm.LoadMem(asm.R4, bpfrt.RegScratch, bpfrt.MstArg(span+7), asm.DWord),
		asm.JEq.Imm(asm.R4, ethIPv4, v4),
		// IPv6: the next header, byte 6, is TCP; the header is at 40.
		asm.LoadMem(asm.R1, bpfrt.RegScratch, base+6, asm.Byte),
		asm.JNE.Imm(asm.R1, unix.IPPROTO_TCP, skip),
		asm.Mov.Imm(asm.R5, 40),
		asm.Ja.Label(hdr))
	b.Mark(v4)
	b.Emit(
		// IPv4: version 4 and 5 words of header (byte 0), TCP (byte 9),
		// the first fragment (offset 0: byte 6's low 5 bits and byte 7).
		asm.LoadMem(asm.R1, bpfrt.RegScratch, base, asm.Byte),
		asm.JNE.Imm(asm.R1, 0x45, skip),
		asm.LoadMem(asm.R1, bpfrt.RegScratch, base+9, asm.Byte),
		asm.JNE.Imm(asm.R1, unix.IPPROTO_TCP, skip),
		asm.LoadMem(asm.R1, bpfrt.RegScratch, base+6, asm.Half),
		asm.And.Imm(asm.R1, 0xff1f),
		asm.JNE.Imm(asm.R1, 0, skip),
		asm.Mov.Imm(asm.R5, 20))
	b.Mark(hdr)
	// R5 is the TCP header's offset in the span: flags at 13, ACK and
	// SYN or RST; the key from the ports (0-3) and acknowledgement (8-11).
	b.Emit(
		asm.Mov.Reg(asm.R3, bpfrt.RegScratch),
		asm.Add.Imm(asm.R3, int32(base)),
		asm.Add.Reg(asm.R3, asm.R5),
		asm.LoadMem(asm.R1, asm.R3, 13, asm.Byte),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.And.Imm(asm.R2, flagACK),
		asm.JEq.Imm(asm.R2, 0, skip),
		asm.And.Imm(asm.R1, flagSYN|flagRST),
		asm.JEq.Imm(asm.R1, 0, skip),
		asm.LoadMem(asm.R0, asm.R3, 8, asm.Word),
		asm.LSh.Imm(asm.R0, 32),
		asm.LoadMem(asm.R1, asm.R3, 0, asm.Word),
		asm.Or.Reg(asm.R0, asm.R1),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R0, asm.DWord))
	return nil
}

// readSpan reads size bytes (at most spanLen) at byte off of what
// args[src] points to into args[span] on, ending the firing when the
// read fails.
func readSpan(b *bpfrt.Builder, skip string, src int, off, size int32) error {
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
		asm.Add.Imm(asm.R1, int32(bpfrt.MstArg(span))),
		asm.Mov.Imm(asm.R2, size),
		asm.LoadMem(asm.R3, bpfrt.RegScratch, bpfrt.MstArg(src), asm.DWord),
		asm.Add.Imm(asm.R3, off),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, skip))
	return nil
}

// scratch is a second scratch slot, past the natives.
const scratch = 7

// handshakeSegment sets args[0] to the segment in handshakes for the
// socket in args[1] whose acknowledgement number is the socket's ack (a
// member of struct tcp_sock), taking it, and leaves args[0] as it was
// when there is none.
func handshakeSegment(ack string) stable.Step {
	return stable.Seq(
		stable.Read(tmp, 1, "sock", "__sk_common.skc_dport", 2),
		stable.Read(scratch, 1, "sock", "__sk_common.skc_num", 2),
		stable.Swap16(scratch),
		stable.Custom(func(b *bpfrt.Builder) {
			b.Emit(
				asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(scratch), asm.DWord),
				asm.LSh.Imm(asm.R0, 16),
				asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
				asm.Or.Reg(asm.R0, asm.R1),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.R0, asm.DWord))
		}),
		stable.Read(scratch, 1, "tcp_sock", ack, 4),
		stable.Custom(func(b *bpfrt.Builder) {
			b.Emit(
				asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(scratch), asm.DWord),
				asm.HostTo(asm.BE, asm.R1, asm.Word),
				asm.LSh.Imm(asm.R1, 32),
				asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
				asm.Or.Reg(asm.R0, asm.R1),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.R0, asm.DWord))
		}),
		stable.TakeKeyed(handshakes, tmp, scratch),
		stable.Custom(func(b *bpfrt.Builder) {
			none := b.Label("tcp_nohs")
			b.Emit(
				asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(scratch), asm.DWord),
				asm.JEq.Imm(asm.R0, 0, none),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R0, asm.DWord))
			b.Mark(none)
		}))
}

// builtOnly, set by tests, has inboundSegment find no segment, so that
// they see the headers built from the socket.
var builtOnly bool

// inboundSegment sets args[0], [2] and [4] to the segment that the
// socket in args[1] is processing, its sk_buff and its IP and TCP
// headers: the one in handshakes for the socket's ack (a member of
// struct tcp_sock; none when ack is ""), else the one this CPU is
// receiving, when its ports are the socket's, swapped. Otherwise they
// are 0, no packet.
func inboundSegment(ack string) stable.Step {
	find := stable.UnstashCPU(received, 0)
	if ack != "" {
		find = stable.Seq(find, handshakeSegment(ack))
	}
	found := stable.Step(func(b *bpfrt.Builder, skip string) error {
		if builtOnly {
			return stable.Zero(0)(b, skip)
		}
		return find(b, skip)
	})
	return stable.Else(stable.Seq(
		found,
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
	), stable.Else(socketSegment, stable.Seq(stable.Zero(0), stable.Zero(2), stable.Zero(4), stable.Zero(scratch))))
}

// transition fires on inet_sock_set_state of a TCP socket going from
// state from to state to, with the socket's natives and those of the
// segment that made it change (inboundSegment). The socket's state is
// still from; as for state-change, the new state is in args[5] and the
// direction native says so, so that tcpsinfo_t gives the new state.
func transition(from, to int32, ack string) []stable.Source {
	return []stable.Source{receiving, {Group: "sock", Tracepoint: "inet_sock_set_state", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sock", "sk_protocol", 2),
		stable.Skip(tmp, asm.JNE, unix.IPPROTO_TCP),
		stable.Skip(1, asm.JNE, from), stable.Skip(2, asm.JNE, to),
		stable.Copy(5, 2), stable.Copy(3, 0), stable.Copy(1, 0),
		inboundSegment(ack),
		stable.Set(tmp, state))}}
}

var probes = []stable.Probe{
	{Name: "accept-established", Sources: transition(synRecv, established, ""), Args: packetArgs},
	// A connection request refused: the reset a SYN without ACK gets.
	{Name: "accept-refused", Sources: []stable.Source{{Group: "tcp", Tracepoint: "tcp_send_reset", Rewrite: stable.Seq(
		stable.Skip(1, asm.JEq, 0),
		stable.Copy(3, 0), stable.Copy(0, 1), stable.Copy(1, 3),
		headers(0),
		stable.ReadAt(tmp, 4, 13, 1),
		stable.SkipMasked(tmp, flagSYN|flagACK, asm.JNE, flagSYN),
		stable.Zero(5), stable.Set(tmp, inbound))}},
		Args: packetArgs},
	{Name: "connect-established", Sources: transition(synSent, established, "snd_una"), Args: packetArgs},
	// A connection request refused: a reset received in SYN_SENT.
	{Name: "connect-refused", Sources: []stable.Source{receiving, {Group: "tcp", Tracepoint: "tcp_receive_reset", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sock", "__sk_common.skc_state", 1),
		stable.Skip(tmp, asm.JNE, synSent),
		stable.Copy(3, 0), stable.Copy(1, 0),
		inboundSegment("snd_nxt"), stable.Zero(5),
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

var packetArgs = append(stable.PacketArgs(),
	stable.Arg("struct tcp_sock *", "tcpsinfo_t *", 3),
	stable.Arg("struct tcphdr *", "tcpinfo_t *", 4),
	stable.Arg("void", "void", 5),
)

// built holds, for each CPU, the headers socketSegment builds: an IPv4
// (20 bytes) or IPv6 (40 bytes) header, then a TCP header (20 bytes).
var built = &stable.Map{Spec: ebpf.MapSpec{Name: "dt_tcp_built", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 64, MaxEntries: 1}}

// builtKey is the slot of args[] builtSlot uses for its key, past the
// natives and scratch slots (the stash's key slot, free between its
// uses).
const builtKey = bpfrt.NumArgs - 2

// builtSlot leaves this CPU's value of built in R0, ending the firing
// when the lookup fails.
func builtSlot(b *bpfrt.Builder, skip string) error {
	b.Emit(
		bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(builtKey), 0),
		asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
		asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(builtKey))))
	if err := built.Load(b, asm.R1); err != nil {
		return err
	}
	b.Emit(
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, skip))
	return nil
}

// copySock copies size bytes of the member of the sock in args[1] to
// byte off of built.
func copySock(member string, size int, off int16) stable.Step {
	return func(b *bpfrt.Builder, skip string) error {
		moff, err := tracepoint.Offset("sock", member)
		if err != nil {
			return err
		}
		if err := builtSlot(b, skip); err != nil {
			return err
		}
		b.Emit(
			asm.Mov.Reg(asm.R1, asm.R0),
			asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, int32(size)),
			asm.LoadMem(asm.R3, bpfrt.RegScratch, bpfrt.MstArg(1), asm.DWord),
			asm.Add.Imm(asm.R3, int32(moff)),
			asm.FnProbeReadKernel.Call(),
			asm.JNE.Imm(asm.R0, 0, skip))
		return nil
	}
}

// socketSegment sets args[2] and args[4] to IP and TCP headers built
// from the socket in args[1], for a segment that cannot be had: the
// addresses and ports of its connection, the socket's own swapped (the
// segment is inbound), the IP version and header lengths; everything
// else (flags, sequence and acknowledgement numbers, window, checksums,
// the payload's length) is 0. args[0] is 0: there is no sk_buff. An
// IPv6 socket of an IPv4 connection (an IPv4-mapped peer) gets an IPv4
// header, as its segments have.
var socketSegment = stable.Seq(
	stable.Zero(0),
	func(b *bpfrt.Builder, skip string) error {
		if err := builtSlot(b, skip); err != nil {
			return err
		}
		for off := int16(0); off < 64; off += 8 {
			b.Emit(bpfrt.StoreImm64(asm.R0, off, 0))
		}
		return nil
	},
	stable.Read(tmp, 1, "sock", "__sk_common.skc_family", 2),
	stable.Read(scratch, 1, "sock", "__sk_common.skc_num", 2),
	stable.Swap16(scratch),
	func(b *bpfrt.Builder, skip string) error {
		// tmp: 4 or 6, the header to build.
		v6off, err := tracepoint.Offset("sock", "__sk_common.skc_v6_daddr")
		if err != nil {
			return err
		}
		v4, out := b.Label("tcp_b4"), b.Label("tcp_bfam")
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
			asm.JEq.Imm(asm.R0, unix.AF_INET, v4),
			asm.JNE.Imm(asm.R0, unix.AF_INET6, skip))
		if err := stable.ReadAt(tmp, 1, int32(v6off), 8)(b, skip); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
			asm.Mov.Imm(asm.R1, 6),
			asm.JNE.Imm(asm.R0, 0, out))
		if err := stable.ReadAt(tmp, 1, int32(v6off)+8, 4)(b, skip); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.DWord),
			asm.Mov.Imm(asm.R1, 6),
			asm.JNE.Imm32(asm.R0, -0x10000, out)) // ::ffff:0:0/96
		b.Mark(v4)
		b.Emit(asm.Mov.Imm(asm.R1, 4))
		b.Mark(out)
		b.Emit(asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(tmp), asm.R1, asm.DWord))
		return nil
	},
	stable.Else(stable.Seq(
		stable.Skip(tmp, asm.JNE, 4),
		func(b *bpfrt.Builder, skip string) error {
			if err := builtSlot(b, skip); err != nil {
				return err
			}
			b.Emit(
				asm.StoreImm(asm.R0, 0, 0x45, asm.Byte),
				asm.StoreImm(asm.R0, 2, 0x2800, asm.Half), // total length 40
				asm.StoreImm(asm.R0, 9, unix.IPPROTO_TCP, asm.Byte),
				asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(scratch), asm.DWord),
				asm.StoreMem(asm.R0, 22, asm.R1, asm.Half), // destination port
				asm.StoreImm(asm.R0, 32, 0x50, asm.Byte),   // data offset 5 words
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(2), asm.R0, asm.DWord),
				asm.Add.Imm(asm.R0, 20),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(4), asm.R0, asm.DWord))
			return nil
		},
		copySock("__sk_common.skc_daddr", 4, 12),
		copySock("__sk_common.skc_rcv_saddr", 4, 16),
		copySock("__sk_common.skc_dport", 2, 20),
	), stable.Seq(
		func(b *bpfrt.Builder, skip string) error {
			if err := builtSlot(b, skip); err != nil {
				return err
			}
			b.Emit(
				asm.StoreImm(asm.R0, 0, 0x60, asm.Byte),
				asm.StoreImm(asm.R0, 4, 0x1400, asm.Half), // payload length 20
				asm.StoreImm(asm.R0, 6, unix.IPPROTO_TCP, asm.Byte),
				asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(scratch), asm.DWord),
				asm.StoreMem(asm.R0, 42, asm.R1, asm.Half), // destination port
				asm.StoreImm(asm.R0, 52, 0x50, asm.Byte),   // data offset 5 words
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(2), asm.R0, asm.DWord),
				asm.Add.Imm(asm.R0, 40),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(4), asm.R0, asm.DWord))
			return nil
		},
		copySock("__sk_common.skc_v6_daddr", 16, 8),
		copySock("__sk_common.skc_v6_rcv_saddr", 16, 24),
		copySock("__sk_common.skc_dport", 2, 40),
	)),
	stable.Zero(tmp), stable.Zero(scratch))

package udp

import (
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the udp provider.
func New() *stable.Provider { return stable.New("udp", "vmlinux", stable.Attrs, probes) }

// tmp is a native slot past args[4], free while building.
const tmp = 6

// udpHeader sets args[4] to the UDP header of the skb in args[0], from
// its transport header offset.
var udpHeader = stable.Seq(
	stable.Read(4, 0, "sk_buff", "head", 8),
	stable.Read(tmp, 0, "sk_buff", "transport_header", 2),
	stable.Add(4, tmp))

// send turns ip:::send's natives into udp's for IPv4 or IPv6 datagrams
// from a socket.
func send(v6 bool) stable.Source {
	hdr, proto := "iphdr", "protocol"
	if v6 {
		hdr, proto = "ipv6hdr", "nexthdr"
	}
	return stable.Source{Group: "net", Tracepoint: "net_dev_queue", Rewrite: stable.Seq(
		stable.IPPacket(v6, stable.IPSendHeader),
		stable.Read(tmp, 2, hdr, proto, 1),
		stable.Skip(tmp, asm.JNE, unix.IPPROTO_UDP),
		stable.Skip(1, asm.JEq, 0),
		stable.Copy(3, 1),
		udpHeader,
		stable.Zero(5), stable.Zero(tmp))}
}

// receive fires where a datagram is queued to its socket: the entry of
// udp_queue_rcv_skb (or udpv6_queue_rcv_skb), (sk, skb), as DTrace does,
// with a kprobe. The skb's network and transport headers are set there.
func receive(fn string) stable.Source {
	return stable.Source{Functions: []string{fn}, Rewrite: stable.Seq(
		stable.Move(1, 0),
		stable.Skip(0, asm.JEq, 0),
		stable.Skip(1, asm.JEq, 0),
		stable.IPSendHeader,
		stable.Copy(3, 1),
		udpHeader,
		stable.Zero(5), stable.Zero(tmp))}
}

var udpArgs = append(stable.PacketArgs(),
	stable.Arg("struct udp_sock *", "udpsinfo_t *", 3),
	stable.Arg("struct udphdr *", "udpinfo_t *", 4),
)

var probes = []stable.Probe{
	{Name: "receive", Sources: []stable.Source{receive("udp_queue_rcv_skb"), receive("udpv6_queue_rcv_skb")}, Args: udpArgs},
	{Name: "send", Sources: []stable.Source{send(false), send(true)}, Args: udpArgs},
}

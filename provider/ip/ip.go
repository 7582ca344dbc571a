package ip

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/stable"
)

// New returns the ip provider.
func New() *stable.Provider { return stable.New("ip", "vmlinux", stable.Attrs, probes) }

// skb->protocol values (big-endian ETH_P_IP and ETH_P_IPV6) as a
// little-endian load reads them.
const (
	protoIPv4 = 0x0008
	protoIPv6 = 0xdd86
)

// tmp is a native slot past args[5], free while building.
const tmp = 6

// Packet returns the rewrite of a device tracepoint's (skb) into the ip
// natives for IPv6 or IPv4 packets, the header found by header (which
// sets args[2] from the skb in args[0]).
func Packet(v6 bool, header stable.Step) stable.Step {
	proto, own, other := int32(protoIPv4), 4, 5
	if v6 {
		proto, own, other = protoIPv6, 5, 4
	}
	return stable.Seq(
		stable.Skip(0, asm.JEq, 0),
		stable.Read(tmp, 0, "sk_buff", "protocol", 2),
		stable.Skip(tmp, asm.JNE, proto),
		stable.Read(1, 0, "sk_buff", "sk", 8),
		header,
		stable.Read(3, 0, "sk_buff", "dev", 8),
		stable.Copy(own, 2), stable.Zero(other), stable.Zero(tmp))
}

// SendHeader and ReceiveHeader set args[2] to the IP header of the skb
// in args[0] at net_dev_queue and at netif_receive_skb.
var (
	SendHeader = stable.Seq(
		stable.Read(2, 0, "sk_buff", "head", 8),
		stable.Read(tmp, 0, "sk_buff", "network_header", 2),
		stable.Add(2, tmp))
	ReceiveHeader = stable.Read(2, 0, "sk_buff", "data", 8)
)

// on returns the IPv4 and IPv6 sources of a device tracepoint.
func on(tp string, header stable.Step) []stable.Source {
	return []stable.Source{
		{Group: "net", Tracepoint: tp, Rewrite: Packet(false, header)},
		{Group: "net", Tracepoint: tp, Rewrite: Packet(true, header)},
	}
}

var args = []provider.Arg{
	stable.Arg("struct sk_buff *", "pktinfo_t *", 0),
	stable.Arg("struct sock *", "csinfo_t *", 1),
	stable.Arg("void_ip_t *", "ipinfo_t *", 2),
	stable.Arg("struct net_device *", "ifinfo_t *", 3),
	stable.Arg("struct iphdr *", "ipv4info_t *", 4),
	stable.Arg("struct ipv6hdr *", "ipv6info_t *", 5),
}

var probes = []stable.Probe{
	{Name: "receive", Sources: on("netif_receive_skb", ReceiveHeader), Args: args},
	{Name: "send", Sources: on("net_dev_queue", SendHeader), Args: args},
}

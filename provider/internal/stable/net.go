package stable

import (
	"github.com/cilium/ebpf/asm"
	"github.com/godtrace/godtrace/provider"
)

// The rewrites of the network providers (ip, tcp, udp), which build on
// the same device tracepoints: the IP natives of a packet.

// skb->protocol values (big-endian ETH_P_IP and ETH_P_IPV6) as a
// little-endian load reads them.
const (
	protoIPv4 = 0x0008
	protoIPv6 = 0xdd86
)

// ipTmp is a native slot past args[5], free while building.
const ipTmp = 6

// PacketArgs returns the arguments every network provider's probes
// begin with, as DTrace's ip, tcp and udp do: args[0] the packet
// (pktinfo_t *) from the skb, args[1] the connection (csinfo_t *) from
// its socket, args[2] the IP header (ipinfo_t *), each from the native
// argument of its index.
func PacketArgs() []provider.Arg {
	return []provider.Arg{
		Arg("struct sk_buff *", "pktinfo_t *", 0),
		Arg("struct sock *", "csinfo_t *", 1),
		Arg("void_ip_t *", "ipinfo_t *", 2),
	}
}

// IPPacket returns the rewrite of a device tracepoint's (skb) into the ip
// natives for IPv6 or IPv4 packets, the header found by header (which
// sets args[2] from the skb in args[0]).
func IPPacket(v6 bool, header Step) Step {
	proto, own, other := int32(protoIPv4), 4, 5
	if v6 {
		proto, own, other = protoIPv6, 5, 4
	}
	return Seq(
		Skip(0, asm.JEq, 0),
		Read(ipTmp, 0, "sk_buff", "protocol", 2),
		Skip(ipTmp, asm.JNE, proto),
		Read(1, 0, "sk_buff", "sk", 8),
		header,
		Read(3, 0, "sk_buff", "dev", 8),
		Copy(own, 2), Zero(other), Zero(ipTmp))
}

// IPSendHeader and IPReceiveHeader set args[2] to the IP header of the skb
// in args[0] at net_dev_queue and at netif_receive_skb.
var (
	IPSendHeader = Seq(
		Read(2, 0, "sk_buff", "head", 8),
		Read(ipTmp, 0, "sk_buff", "network_header", 2),
		Add(2, ipTmp))
	IPReceiveHeader = Read(2, 0, "sk_buff", "data", 8)
)

package ip

import (
	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the ip provider.
func New() *stable.Provider { return stable.New("ip", "vmlinux", stable.Attrs, probes) }

// on returns the IPv4 and IPv6 sources of a device tracepoint.
func on(tp string, header stable.Step) []stable.Source {
	return []stable.Source{
		{Group: "net", Tracepoint: tp, Rewrite: stable.IPPacket(false, header)},
		{Group: "net", Tracepoint: tp, Rewrite: stable.IPPacket(true, header)},
	}
}

var args = append(stable.PacketArgs(),
	stable.Arg("struct net_device *", "ifinfo_t *", 3),
	stable.Arg("struct iphdr *", "ipv4info_t *", 4),
	stable.Arg("struct ipv6hdr *", "ipv6info_t *", 5),
)

var probes = []stable.Probe{
	{Name: "receive", Sources: on("netif_receive_skb", stable.IPReceiveHeader), Args: args},
	{Name: "send", Sources: on("net_dev_queue", stable.IPSendHeader), Args: args},
}

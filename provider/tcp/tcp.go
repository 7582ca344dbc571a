package tcp

import (
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/stable"
)

// New returns the tcp provider.
func New() *stable.Provider { return stable.New("tcp", "vmlinux", stable.Attrs, probes) }

// The direction native (DTrace's NET_PROBE_*).
const (
	inbound = 1
	state   = 2
)

// tmp is the direction native, a scratch slot until it is set.
const tmp = 6

var probes = []stable.Probe{
	{Name: "receive", Sources: []stable.Source{{Group: "tcp", Tracepoint: "tcp_probe", Rewrite: stable.Seq(
		stable.Skip(0, asm.JEq, 0), stable.Skip(1, asm.JEq, 0),
		stable.Copy(3, 0), stable.Copy(0, 1), stable.Copy(1, 3),
		stable.Read(2, 0, "sk_buff", "head", 8),
		stable.Read(tmp, 0, "sk_buff", "network_header", 2),
		stable.Add(2, tmp),
		stable.Read(4, 0, "sk_buff", "head", 8),
		stable.Read(tmp, 0, "sk_buff", "transport_header", 2),
		stable.Add(4, tmp),
		stable.Read(5, 3, "sock", "__sk_common.skc_state", 1),
		stable.Set(tmp, inbound))}},
		Args: packetArgs},
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

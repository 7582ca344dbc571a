package udp_test

import (
	"os"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/udp"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{udp.New()}) }

// TestLoopbackSend sends n datagrams to 127.0.0.1 and n to ::1 from this
// process: each fires send with its socket, and the UDP header 20 (IPv4)
// or 40 (IPv6) bytes after the IP header.
func TestLoopbackSend(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	loopback(t, "send")
}

// loopback checks probe's natives on n datagrams sent over loopback,
// IPv4 and IPv6: skb, the socket twice (args[1] and args[3]), the UDP
// header 20 or 40 bytes past the IP header.
func loopback(t *testing.T, probe string) {
	const n = 5
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "udp:::" + probe, NArgs: 5}}, stabletest.UDPLoopback(t, n))
	hdrLen := map[uint64]int{}
	for _, f := range stabletest.Of(fs, "udp:vmlinux::"+probe, os.Getpid()) {
		a := f.Args
		if a[0] == 0 || a[1] == 0 || a[1] != a[3] {
			t.Errorf("%s natives %#x: want skb, the socket twice", probe, a)
		}
		hdrLen[a[4]-a[2]]++
	}
	if hdrLen[20] != n || hdrLen[40] != n {
		t.Errorf("%s: UDP header offsets from the IP header %v, want 20 and 40 %d times each", probe, hdrLen, n)
	}
}

// TestListVerbose: -lv udp:::send.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "udp:::send", stabletest.WantVerbose("udp", "vmlinux", "", "send", "ISA", "pktinfo_t *", "csinfo_t *", "ipinfo_t *", "udpsinfo_t *", "udpinfo_t *"))
}

// TestLoopbackReceive: each datagram sent over loopback, IPv4 and IPv6,
// is received on its socket: args[1] and args[3] the socket, the UDP
// header 20 or 40 bytes past the IP header. receive is built on kernel
// functions with kprobes.
func TestLoopbackReceive(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.Kprobes)
	loopback(t, "receive")
}

package ip_test

import (
	"os"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/ip"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{ip.New()}) }

// TestLoopback sends n UDP datagrams to 127.0.0.1 and n to ::1: each is
// sent from this process with its socket, and received, with the header
// in args[4] (IPv4) or args[5] (IPv6) and the other 0.
func TestLoopback(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	const n = 5
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "ip:::", NArgs: 6}}, stabletest.UDPLoopback(t, n))
	count := map[string]int{}
	for _, f := range fs {
		a := f.Args
		if a[0] == 0 || a[3] == 0 || a[2] == 0 {
			t.Errorf("%s natives %#x: want skb, device, header", f.Probe, a)
			continue
		}
		v := "v4"
		switch {
		case a[4] == a[2] && a[5] == 0:
		case a[5] == a[2] && a[4] == 0:
			v = "v6"
		default:
			t.Errorf("%s natives %#x: header in neither or both of args[4], args[5]", f.Probe, a)
		}
		if f.Probe == "ip:vmlinux::send" && f.PID == uint32(os.Getpid()) && a[1] == 0 {
			t.Errorf("send from this process without a socket: %#x", a)
		}
		count[f.Probe+" "+v]++
	}
	for _, k := range []string{"ip:vmlinux::send v4", "ip:vmlinux::send v6", "ip:vmlinux::receive v4", "ip:vmlinux::receive v6"} {
		if count[k] < n {
			t.Errorf("%s: %d firings, want at least %d (%v)", k, count[k], n, count)
		}
	}
}

// TestListVerbose: -lv ip:::send.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "ip:::send", stabletest.WantVerbose("ip", "vmlinux", "", "send", "ISA", "pktinfo_t *", "csinfo_t *", "ipinfo_t *", "ifinfo_t *", "ipv4info_t *", "ipv6info_t *"))
}

package tcp_test

import (
	"io"
	"net"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/stable/stabletest"
	"github.com/godtrace/godtrace/provider/tcp"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{tcp.New()}) }

// Linux TCP states (include/net/tcp_states.h).
const (
	established = 1
	synSent     = 2
	finWait1    = 4
)

// TestLoopback: a TCP connection on loopback, one message each way,
// then close: the client socket goes SYN_SENT, ESTABLISHED, FIN_WAIT1,
// and each received segment gives the packet, socket and headers.
func TestLoopback(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "tcp:::", NArgs: 7}}, func() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			c, err := ln.Accept()
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			buf := make([]byte, 5)
			io.ReadFull(c, buf)
			c.Write([]byte("pong!"))
		}()
		c, err := net.Dial("tcp4", ln.Addr().String())
		if err != nil {
			t.Error(err)
			return
		}
		c.Write([]byte("ping!"))
		io.ReadFull(c, make([]byte, 5))
		c.Close()
		<-done
	})
	states := map[uint64]bool{}
	var receives int
	for _, f := range fs {
		a := f.Args
		switch f.Probe {
		case "tcp:vmlinux::state-change":
			if a[0] != 0 || a[2] != 0 || a[4] != 0 || a[1] != a[3] || a[1] == 0 || a[6] != 2 {
				t.Errorf("state-change natives %#x", a)
			}
			states[a[5]] = true
		case "tcp:vmlinux::receive":
			receives++
			if a[0] == 0 || a[1] == 0 || a[1] != a[3] || a[4]-a[2] != 20 || a[5] != established || a[6] != 1 {
				t.Errorf("receive natives %#x: want skb, sk, IPv4 header 20 bytes before the TCP header, ESTABLISHED, inbound", a)
			}
		}
	}
	for _, s := range []uint64{synSent, established, finWait1} {
		if !states[s] {
			t.Errorf("no state-change to state %d (saw %v)", s, states)
		}
	}
	if receives < 2 {
		t.Errorf("%d receives, want at least 2", receives)
	}
}

// TestListVerbose: -lv tcp:::state-change.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	got := stabletest.ListVerbose(t, table(), "tcp:::state-change")
	want := stabletest.WantVerbose("tcp", "vmlinux", "", "state-change", "ISA", "void", "csinfo_t *", "void", "tcpsinfo_t *", "void", "tcplsinfo_t *")
	if got != want {
		t.Errorf("listing\n%s\nwant\n%s", got, want)
	}
}

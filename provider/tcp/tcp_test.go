package tcp_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/tcp"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{tcp.New()}) }

// Linux TCP states (include/net/tcp_states.h).
const (
	established = 1
	synSent     = 2
	finWait1    = 4
)

// TCP header flags.
const (
	flagSYN = 0x02
	flagRST = 0x04
	flagACK = 0x10
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
	seen := map[string]int{}
	for _, f := range fs {
		a := f.Args
		seen[f.Probe]++
		switch f.Probe {
		case "tcp:vmlinux::send", "tcp:vmlinux::connect-request":
			if a[0] == 0 || a[1] == 0 || a[4]-a[2] != 20 || a[6] != 0 || a[3] != 0 && a[3] != a[1] {
				t.Errorf("%s natives %#x: want skb, sk, IPv4 header 20 bytes before the TCP header, outbound", f.Probe, a)
			}
		case "tcp:vmlinux::connect-established", "tcp:vmlinux::accept-established":
			// The segment that completed the handshake (the SYN-ACK, the
			// ACK), as netif_receive_skb recorded it.
			if a[0] == 0 || a[4]-a[2] != 20 || a[1] != a[3] || a[1] == 0 || a[5] != established || a[6] != 2 {
				t.Errorf("%s natives %#x: want skb, IPv4 header 20 bytes before the TCP header, sk, ESTABLISHED, state change", f.Probe, a)
			}
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
	// The handshake's SYN, SYN-ACK and ACK, the two messages, the FINs.
	for probe, least := range map[string]int{"send": 5, "connect-request": 1, "connect-established": 1, "accept-established": 1} {
		if n := seen["tcp:vmlinux::"+probe]; n < least {
			t.Errorf("%d firings of %s, want at least %d", n, probe, least)
		}
	}
}

// TestRefused: a connection to a port nobody listens on is refused: the
// SYN gets a reset (accept-refused, with the SYN's headers and no
// socket), which the connecting socket receives in SYN_SENT
// (connect-refused, with the reset's headers).
func TestRefused(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "tcp:::*-refused", NArgs: 7}}, func() {
		if c, err := net.Dial("tcp4", addr); err == nil {
			c.Close()
			t.Error("connected to a closed port")
		}
	})
	seen := map[string]bool{}
	for _, f := range fs {
		a := f.Args
		seen[f.Probe] = true
		switch f.Probe {
		case "tcp:vmlinux::accept-refused":
			if a[0] == 0 || a[4]-a[2] != 20 || a[6] != 1 {
				t.Errorf("accept-refused natives %#x: want the SYN's skb and headers, inbound", a)
			}
		case "tcp:vmlinux::connect-refused":
			if a[0] == 0 || a[4]-a[2] != 20 || a[1] == 0 || a[1] != a[3] || a[6] != 1 {
				t.Errorf("connect-refused natives %#x: want the reset's skb and headers, the socket, inbound", a)
			}
		}
	}
	if !seen["tcp:vmlinux::accept-refused"] || !seen["tcp:vmlinux::connect-refused"] {
		t.Errorf("fired %v, want both refusals", seen)
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

// TestStorm: many loopback connections, made and refused from parallel
// threads, so that some segments are received on one CPU and processed
// on another, or after other segments: every connect-established,
// accept-established and connect-refused still has its segment.
func TestStorm(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	if testing.Short() {
		t.Skip("a storm of connections takes seconds")
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	closed, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := closed.Addr().String()
	closed.Close()
	const threads, each = 8, 2000
	fs := stabletest.Run(t, table(), []stabletest.Clause{
		{Desc: "tcp:::*-established", NArgs: 7, DerefArg: 4, DerefWords: 2},
		{Desc: "tcp:::connect-refused", NArgs: 7, DerefArg: 4, DerefWords: 2}}, func() {
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		var wg sync.WaitGroup
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					addr := ln.Addr().String()
					if i%4 == 3 {
						addr = refused
					}
					if c, err := net.Dial("tcp4", addr); err == nil {
						c.Close()
					}
				}
			}()
		}
		wg.Wait()
	})
	seen, unknown, built, wrong := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	clobbered := 0
	for _, f := range fs {
		seen[f.Probe]++
		switch {
		case f.Args[1] == 0 || f.Args[1] != f.Args[3]:
			// A firing whose args[] another overwrote: before each
			// nesting level had its own scratch value (bpfrt), a
			// softirq's firing interrupting a thread's on the same CPU
			// did, about once in a thousand firings here.
			clobbered++
			t.Logf("%s natives overwritten: %#x", f.Probe, f.Args)
		case f.Args[2] == 0 || f.Args[4] == 0 || f.Args[4]-f.Args[2] != 20:
			unknown[f.Probe]++
		case f.Args[0] == 0:
			built[f.Probe]++
		default:
			// The segment that completed or refused the handshake: its
			// FIN, SYN, RST and ACK flags, byte 13 of the TCP header.
			want := map[string]uint64{"tcp:vmlinux::connect-established": flagSYN | flagACK,
				"tcp:vmlinux::accept-established": flagACK, "tcp:vmlinux::connect-refused": flagRST | flagACK}[f.Probe]
			if flags := f.Args[8] >> 40 & 0x17; flags != want {
				wrong[f.Probe]++
				t.Logf("%s segment with flags %#x, want %#x", f.Probe, flags, want)
			}
		}
	}
	t.Logf("fired %v; headers built from the socket %v", seen, built)
	if clobbered > 0 {
		t.Errorf("%d firings of %d had their natives overwritten", clobbered, len(fs))
	}
	for probe, least := range map[string]int{"connect-established": threads * each * 3 / 4, "accept-established": threads * each * 3 / 4, "connect-refused": threads * each / 4} {
		if n := seen["tcp:vmlinux::"+probe]; n < least {
			t.Errorf("%d firings of %s, want at least %d", n, probe, least)
		}
	}
	if len(wrong) > 0 {
		t.Errorf("firings with another segment than theirs: %v", wrong)
	}
	if len(unknown) > 0 {
		t.Errorf("firings without the connection's addresses: %v", unknown)
	}
}

// BenchmarkReceiving: the cost per packet of what netif_receive_skb
// records for the established and refused probes, which it pays for
// every packet the machine receives: over UDP datagrams (not TCP), and
// over loopback connections (handshakes, which it keeps, and FINs).
func BenchmarkReceiving(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	workloads := map[string]func(stop <-chan struct{}){
		"udp": func(stop <-chan struct{}) {
			send := stabletest.UDPLoopback(b, 1000)
			for {
				select {
				case <-stop:
					return
				default:
					send()
				}
			}
		},
		"connect": func(stop <-chan struct{}) {
			ln, err := net.Listen("tcp4", "127.0.0.1:0")
			if err != nil {
				b.Error(err)
				return
			}
			defer ln.Close()
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					c.Close()
				}
			}()
			for {
				select {
				case <-stop:
					return
				default:
					if c, err := net.Dial("tcp4", ln.Addr().String()); err == nil {
						c.Close()
					}
				}
			}
		},
	}
	for _, name := range []string{"udp", "connect"} {
		b.Run(name, func(b *testing.B) {
			stabletest.EnableRunTimeStats(b)
			stmt := stabletest.CountStmt(b)
			var runtime time.Duration
			var runs uint64
			for b.Loop() {
				stop, done := make(chan struct{}), make(chan struct{})
				go func() { defer close(done); workloads[name](stop) }()
				s, _ := stabletest.Trace(b, table, "tcp:::connect-established", 200*time.Millisecond, stmt)
				close(stop)
				<-done
				for _, p := range s.Programs() {
					if p.Name != "dt_tcp_netif_re" {
						continue
					}
					st, err := p.Prog.Stats()
					if err != nil {
						b.Fatal(err)
					}
					runtime += st.Runtime
					runs += st.RunCount
				}
				s.Close()
			}
			stabletest.ReportFirings(b, runtime, runs)
			b.ReportMetric(float64(runs)/float64(b.N), "packets")
		})
	}
}

// TestBuiltHeaders: where no segment is had, the established and refused
// probes give headers built from the socket: the connection's addresses
// and ports as the inbound segment has them, the version and header
// lengths, flags 0; IPv4 for an IPv6 socket's IPv4-mapped connection.
func TestBuiltHeaders(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	tcp.BuiltOnly(t)
	listen := func(network, addr string) net.Listener {
		ln, err := net.Listen(network, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		return ln
	}
	v4, v6, dual := listen("tcp4", "127.0.0.1:0"), listen("tcp6", "[::1]:0"), listen("tcp", "[::]:0")
	dualAddr := net.JoinHostPort("127.0.0.1", fmt.Sprint(dual.Addr().(*net.TCPAddr).Port))
	closed := listen("tcp4", "127.0.0.1:0")
	refused := closed.Addr().String()
	closed.Close()
	var want []string
	fs := stabletest.Run(t, table(), []stabletest.Clause{
		{Desc: "tcp:::*-established", NArgs: 7, DerefArg: 2, DerefWords: 8},
		{Desc: "tcp:::connect-refused", NArgs: 7, DerefArg: 2, DerefWords: 8}}, func() {
		for _, d := range []struct{ network, addr, ver string }{{"tcp4", v4.Addr().String(), "4"}, {"tcp6", v6.Addr().String(), "6"}, {"tcp4", dualAddr, "4"}} {
			c, err := net.Dial(d.network, d.addr)
			if err != nil {
				t.Error(err)
				continue
			}
			client, server := c.LocalAddr().String(), c.RemoteAddr().String()
			want = append(want, "connect-established v"+d.ver+" "+server+" -> "+client, "accept-established v"+d.ver+" "+client+" -> "+server)
			c.Close()
		}
		if c, err := net.Dial("tcp4", refused); err == nil {
			c.Close()
			t.Error("connected to a closed port")
		}
	})
	got := map[string]bool{}
	for _, f := range fs {
		a := f.Args
		var h [64]byte
		for i := range 8 {
			binary.LittleEndian.PutUint64(h[8*i:], a[7+i])
		}
		var line string
		var tcpOff uint64
		switch h[0] {
		case 0x45:
			tcpOff = 20
			if binary.BigEndian.Uint16(h[2:]) != 40 || h[9] != unix.IPPROTO_TCP {
				t.Errorf("%s IPv4 header % x", f.Probe, h[:20])
			}
			line = fmt.Sprintf("v4 %s -> %s", netip.AddrPortFrom(netip.AddrFrom4([4]byte(h[12:16])), binary.BigEndian.Uint16(h[20:])),
				netip.AddrPortFrom(netip.AddrFrom4([4]byte(h[16:20])), binary.BigEndian.Uint16(h[22:])))
		case 0x60:
			tcpOff = 40
			if binary.BigEndian.Uint16(h[4:]) != 20 || h[6] != unix.IPPROTO_TCP {
				t.Errorf("%s IPv6 header % x", f.Probe, h[:40])
			}
			line = fmt.Sprintf("v6 %s -> %s", netip.AddrPortFrom(netip.AddrFrom16([16]byte(h[8:24])), binary.BigEndian.Uint16(h[40:])),
				netip.AddrPortFrom(netip.AddrFrom16([16]byte(h[24:40])), binary.BigEndian.Uint16(h[42:])))
		default:
			t.Errorf("%s natives %#x: not headers built from the socket", f.Probe, a[:7])
			continue
		}
		if a[0] != 0 || a[4]-a[2] != tcpOff || h[tcpOff+12] != 0x50 || h[tcpOff+13] != 0 {
			t.Errorf("%s natives %#x, TCP header % x: want no sk_buff, a TCP header of 20 bytes after the IP header, no flags", f.Probe, a[:7], h[tcpOff:tcpOff+20])
		}
		line = strings.TrimPrefix(f.Probe, "tcp:vmlinux::") + " " + line
		got[line] = true
		if strings.HasPrefix(line, "connect-refused v4 "+refused+" -> 127.0.0.1:") {
			got["connect-refused"] = true
		}
	}
	t.Logf("built: %v", got)
	for _, w := range append(want, "connect-refused") {
		if !got[w] {
			t.Errorf("no %q in %v", w, got)
		}
	}
}

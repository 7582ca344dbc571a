package stabletest

import (
	"net"
	"net/netip"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// BuildC compiles the C program src with gcc and flags into a temporary
// executable and returns its path. A machine without gcc fails the test:
// the provider tests need a target whose code they know.
func BuildC(tb testing.TB, src string, flags ...string) string {
	tb.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		tb.Fatal("the test needs gcc:", err)
	}
	bin := filepath.Join(tb.TempDir(), "target")
	args := append(append([]string{}, flags...), "-o", bin, src)
	out, err := exec.Command("gcc", args...).CombinedOutput()
	if err != nil {
		tb.Fatalf("gcc %v: %v\n%s", args, err, out)
	}
	return bin
}

// UDPLoopback listens on a free UDP port of 127.0.0.1 and of ::1 until tb
// ends and returns a workload that sends n datagrams from this process to
// each of them.
func UDPLoopback(tb testing.TB, n int) func() {
	tb.Helper()
	var conns []*net.UDPConn
	for _, addr := range []string{"127.0.0.1:0", "[::1]:0"} {
		c, err := net.ListenUDP("udp", net.UDPAddrFromAddrPort(netip.MustParseAddrPort(addr)))
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { c.Close() })
		conns = append(conns, c)
	}
	return func() {
		for _, c := range conns {
			s, err := net.DialUDP("udp", nil, c.LocalAddr().(*net.UDPAddr))
			if err != nil {
				tb.Error(err)
				return
			}
			for range n {
				s.Write([]byte("godtrace"))
			}
			s.Close()
		}
	}
}

// Spin returns a workload that spins in user mode for d on one OS
// thread, whose id it stores in *tid, for probes that sample CPUs.
func Spin(d time.Duration, tid *int) func() {
	return OnThread(tid, func() {
		for end := time.Now().Add(d); time.Now().Before(end); {
		}
	})
}

// OnThread returns a workload that runs body on one OS thread, whose id
// it stores in *tid first, for tests that keep that thread's firings.
func OnThread(tid *int, body func()) func() {
	return func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		*tid = unix.Gettid()
		body()
	}
}

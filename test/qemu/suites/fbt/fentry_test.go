//go:build qemu

package fbt

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

// TestMain makes the test binary the target of TestDtraceTyped when
// helperEnv says so: it opens typedPath as typedOpen says, reports the
// descriptor on stderr, and exits.
func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "open" {
		fd, err := unix.Openat(unix.AT_FDCWD, typedPath, typedFlags, typedMode)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "fd %d\n", fd)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const (
	helperEnv  = "GODTRACE_FBT_HELPER"
	typedPath  = "/tmp/fbt-typed"
	typedFlags = unix.O_WRONLY | unix.O_CREAT | unix.O_TRUNC | unix.O_CLOEXEC
	typedMode  = 0o640
)

// typedScript prints do_sys_openat2's typed arguments on entry (the
// struct open_how the third points at included) and its return value,
// as arg1 and as the typed args[1], for the target's one open with
// O_CREAT (0x40): the Go runtime's own opens, before main, pass paths
// that may not be paged in yet, which copyinstr cannot read.
const typedScript = `
fbt::do_sys_openat2:entry
/pid == $target && (args[2]->flags & ` + "0x40" + `)/
{
	self->in = 1;
	printf("entry %d %s flags=%x mode=%o\n", args[0], copyinstr(arg1), args[2]->flags, args[2]->mode);
}

fbt::do_sys_openat2:return
/self->in/
{
	printf("return %d %d\n", arg1, args[1]);
	self->in = 0;
	exit(0);
}
`

// TestDtraceTyped runs dtrace(8) on do_sys_openat2's probes, which Auto
// attaches with fentry and fexit where the kernel has them, against this
// binary as the target, and checks the typed arguments and the return
// value.
func TestDtraceTyped(t *testing.T) {
	if why, err := os.ReadFile(dtraceMissing); err == nil {
		t.Skipf("no dtrace binary in the VM: %s", strings.TrimSpace(string(why)))
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dtraceBin, "-q", "-n", typedScript, "-c", self)
	cmd.Env = append(os.Environ(), helperEnv+"=open")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("dtrace: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	var fd int
	if _, err := fmt.Sscanf(stderr.String(), "fd %d\n", &fd); err != nil {
		t.Fatalf("target's stderr %q: %v", &stderr, err)
	}
	// openat(2) adds O_LARGEFILE on 64-bit kernels before it builds the
	// open_how: x86's 0x8000, which x/sys/unix gives as 0 on amd64.
	const oLargefile = 0x8000
	want := fmt.Sprintf("entry %d %s flags=%x mode=%o\nreturn %d %d\n\n",
		unix.AT_FDCWD, typedPath, typedFlags|oLargefile, typedMode, fd, fd)
	if stdout.String() != want {
		t.Errorf("dtrace printed\n%q\nwant\n%q", &stdout, want)
	}
}

// TestAutoBackend checks the backends Auto chooses: fentry and fexit for a
// few functions, where the kernel has them, and one kprobe.multi unit for
// more than fentry should take.
func TestAutoBackend(t *testing.T) {
	testutil.Require(t, feature.Fentry, feature.KprobeMulti)
	p := fbt.New()
	tab := provider.NewTable([]provider.Provider{p})
	stmts := []*bpfrt.Stmt{{ID: 0}}
	enable := func(desc string, n int) []provider.Enabled {
		ps, err := tab.Match(provider.ParseDesc(desc))
		if err != nil || len(ps) < n {
			t.Fatalf("%s matched %d probes, %v; want %d", desc, len(ps), err, n)
		}
		var out []provider.Enabled
		for _, p := range ps[:n] {
			out = append(out, provider.Enabled{Probe: p, Stmts: stmts})
		}
		return out
	}
	units, err := p.Plan(enable("fbt::do_sys_openat2:", 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		tu, ok := u.(provider.Targeted)
		if !ok || tu.Target() != (provider.Target{Function: "do_sys_openat2"}) {
			t.Errorf("unit %s: %T, want an fentry unit for do_sys_openat2", u.Name(), u)
		}
	}
	if units, err = p.Plan(enable("fbt:::entry", 1000)); err != nil {
		t.Fatal(err)
	}
	if len(units) != 1 || units[0].AttachType() != ebpf.AttachTraceKprobeMulti {
		t.Errorf("1000 entry probes planned as %d units, the first %T; want one kprobe.multi unit", len(units), units[0])
	}
}

// TestModuleFentry fires the entry and return probes of a loadable
// module's function (tun, which the suite loads: tun_chr_open runs when
// /dev/net/tun is opened), which fentry attaches to through the module's
// BTF object.
func TestModuleFentry(t *testing.T) {
	testutil.Require(t, feature.Fentry)
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	entry, ret := openClauses(t, l)
	p := fbt.New()
	p.Backend = fbt.Fentry
	s := enableClauses(t, p, []clause{{"fbt:tun:tun_chr_open:entry", entry}, {"fbt:tun:tun_chr_open:return", ret}})
	c := &collector{after: "fbt:tun:tun_chr_open:entry", until: "fbt:tun:tun_chr_open:return"}
	runWhile(t, s, c, func() {
		if fd, err := unix.Open("/dev/net/tun", unix.O_RDWR, 0); err == nil {
			unix.Close(fd)
		}
	})
	for _, r := range c.recs {
		if r.EP.ProbeName == "fbt:tun:tun_chr_open:return" {
			if rv := binary.NativeEndian.Uint64(r.Data[8:]); rv != 0 {
				t.Errorf("tun_chr_open returned %d, want 0", int64(rv))
			}
		}
	}
}

//go:build qemu

package fbt

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

// collector keeps the records; with until set, it stops the run (with
// errEnough) once it has a record of probe until after one of probe
// after.
type collector struct {
	recs         []consume.Record
	after, until string
	seenAfter    bool
}

var errEnough = errors.New("enough records")

func (c *collector) Record(r consume.Record) error {
	r.Data = append([]byte(nil), r.Data...)
	c.recs = append(c.recs, r)
	switch {
	case c.until == "":
	case r.EP.ProbeName == c.after:
		c.seenAfter = true
	case r.EP.ProbeName == c.until && c.seenAfter:
		return errEnough
	}
	return nil
}
func (*collector) Fault(consume.Fault) error                 { return nil }
func (*collector) Drops(consume.DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(consume.SpecDrop, uint64) error  { return nil }

// pathSize is how much of the opened path the entry clause records.
const pathSize = 64

// openClauses are the hand-written clauses of do_sys_openat2's probes,
// for this process only: entry records arg0 and the string arg1 points
// at; return records arg0 and arg1.
func openClauses(t *testing.T, l *bpfrt.Layout) (entry, ret *bpfrt.Stmt) {
	t.Helper()
	pid := int32(os.Getpid())
	filter := func(out string) asm.Instructions {
		return asm.Instructions{
			asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.JNE.Imm(asm.R0, pid, out),
		}
	}
	e := filter("e_out")
	e = append(e,
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(0), asm.DWord),
		asm.StoreMem(asm.R7, int16(l.Stage+8), asm.R1, asm.DWord),
		asm.Mov.Reg(asm.R1, asm.R7),
		asm.Add.Imm(asm.R1, int32(l.Stage+16)),
		asm.Mov.Imm(asm.R2, pathSize),
		asm.LoadMem(asm.R3, asm.R7, bpfrt.MstArg(1), asm.DWord),
		asm.FnProbeReadUserStr.Call())
	e = append(e, l.Output(asm.R6, asm.R7, 8+pathSize)...)
	e = append(e, asm.Mov.Imm(asm.R0, 0).WithSymbol("e_out"), asm.Return())
	r := filter("r_out")
	r = append(r,
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(0), asm.DWord),
		asm.StoreMem(asm.R7, int16(l.Stage+8), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(1), asm.DWord),
		asm.StoreMem(asm.R7, int16(l.Stage+16), asm.R1, asm.DWord))
	r = append(r, l.Output(asm.R6, asm.R7, 16)...)
	r = append(r, asm.Mov.Imm(asm.R0, 0).WithSymbol("r_out"), asm.Return())
	return &bpfrt.Stmt{ID: 0, Insns: e, DataSize: 8 + pathSize}, &bpfrt.Stmt{ID: 1, Insns: r, DataSize: 16}
}

// TestOpenat fires fbt::do_sys_openat2:entry and :return on an openat(2)
// of this process, attached with each backend the kernel has (fentry and
// fexit, kprobe.multi, one kprobe per function), and checks the dfd, the
// path and the returned descriptor.
func TestOpenat(t *testing.T) {
	for _, c := range []struct {
		backend fbt.Backend
		need    []*feature.Feature
		typ     ebpf.ProgramType
	}{
		{fbt.Fentry, []*feature.Feature{feature.Fentry}, ebpf.Tracing},
		{fbt.KprobeMulti, []*feature.Feature{feature.KprobeMulti}, ebpf.Kprobe},
		{fbt.Kprobe, []*feature.Feature{feature.Kprobes}, ebpf.Kprobe},
	} {
		t.Run(c.backend.String(), func(t *testing.T) {
			testutil.Require(t, c.need...)
			openat(t, c.backend, c.typ)
		})
	}
}

func openat(t *testing.T, backend fbt.Backend, typ ebpf.ProgramType) {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	entry, ret := openClauses(t, l)
	p := fbt.New()
	p.Backend = backend
	s := enableClauses(t, p, []clause{
		{"fbt::do_sys_openat2:entry", entry},
		{"fbt::do_sys_openat2:return", ret},
		{"fbt::vfs_fsync:entry", entry}, // shares the unit; this process never fsyncs
	})
	for _, pr := range s.Programs() {
		if pr.Prog.Type() != typ {
			t.Fatalf("%s backend loaded %s as a %s program, want %s", backend, pr.Name, pr.Prog.Type(), typ)
		}
	}
	const path = "/proc/self/stat"
	fds := make(chan int, 1000)
	c := &collector{after: "fbt:vmlinux:do_sys_openat2:entry", until: "fbt:vmlinux:do_sys_openat2:return"}
	runWhile(t, s, c, func() {
		fd, err := unix.Openat(unix.AT_FDCWD, path, unix.O_RDONLY, 0)
		if err == nil {
			unix.Close(fd)
			select {
			case fds <- fd:
			default:
			}
		}
	})
	close(fds)
	seen := map[uint64]bool{}
	for fd := range fds {
		seen[uint64(fd)] = true
	}
	var nentry, nret int
	for _, r := range c.recs {
		u64 := func(i int) uint64 { return binary.NativeEndian.Uint64(r.Data[8*i:]) }
		switch r.EP.ProbeName {
		case "fbt:vmlinux:do_sys_openat2:entry":
			nentry++
			if dfd := int32(u64(0)); dfd != unix.AT_FDCWD {
				t.Errorf("entry arg0 %d, want AT_FDCWD", dfd)
			}
			if got, _, _ := bytes.Cut(r.Data[8:], []byte{0}); string(got) != path {
				t.Errorf("entry path %q, want %q", got, path)
			}
		case "fbt:vmlinux:do_sys_openat2:return":
			nret++
			if u64(0) != ^uint64(0) || !seen[u64(1)] {
				t.Errorf("return args %#x, %d; want -1 and one of the descriptors %v", u64(0), u64(1), seen)
			}
		default:
			t.Errorf("record from %s", r.EP.ProbeName)
		}
	}
	if nentry == 0 || nret == 0 {
		t.Errorf("%d entry and %d return records, want some of each", nentry, nret)
	}
}

// clause is a probe description and the clause its probe runs.
type clause struct {
	desc string
	stmt *bpfrt.Stmt
}

// enableClauses opens a session and enables with p the probe each clause's
// description names, to run the clause; the session closes when t ends.
func enableClauses(t *testing.T, p *fbt.Provider, cs []clause) *enable.Session {
	t.Helper()
	s, err := enable.Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tab := provider.NewTable([]provider.Provider{p})
	var enabled []provider.Enabled
	for _, c := range cs {
		ps, err := tab.Match(provider.ParseDesc(c.desc))
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s matched %v, %v", c.desc, ps, err)
		}
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: []*bpfrt.Stmt{c.stmt}})
	}
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	return s
}

// runWhile runs s, with op done every millisecond meanwhile, until c has
// the records it waits for, and fails t when 10 seconds pass first. The
// first record of c.until may be of a call whose entry fired before
// tracing was active: the run ends at one after a record of c.after.
func runWhile(t *testing.T, s *enable.Session, c *collector, op func()) {
	t.Helper()
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wg.Go(func() {
		for ctx.Err() == nil {
			op()
			time.Sleep(time.Millisecond)
		}
	})
	if _, err := s.Run(ctx, c); !errors.Is(err, errEnough) {
		t.Fatalf("run ended with %v before a record of %s after one of %s", err, c.until, c.after)
	}
}

// TestLive lists the running kernel's functions where it has kprobes, and
// types do_sys_openat2's arguments from BTF.
func TestLive(t *testing.T) {
	testutil.Require(t, feature.Kprobes)
	tab := provider.NewTable([]provider.Provider{fbt.New(), fbt.NewRaw()})
	ps, err := tab.Match(provider.ParseDesc("fbt::do_sys_openat2:"))
	if err != nil || len(ps) != 2 || ps[0].Name != "entry" || ps[1].Name != "return" {
		t.Fatalf("fbt::do_sys_openat2: matched %v, %v", ps, err)
	}
	if ps[0].Module != "vmlinux" {
		t.Errorf("do_sys_openat2 in module %s, want vmlinux", ps[0].Module)
	}
	info, err := ps[0].Provider.Info(ps[0])
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, a := range info.Args {
		types = append(types, a.Type())
	}
	if got, want := strings.Join(types, ", "), "int, const char *, struct open_how *"; got != want {
		t.Errorf("entry args %s, want %s", got, want)
	}
	info, err = ps[1].Provider.Info(ps[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Args) != 2 || info.Args[0].Type() != "uint64_t" || info.Args[1].Type() != "long" {
		t.Errorf("return args %v, want uint64_t, long", info.Args)
	}
	all, err := tab.Match(provider.ParseDesc("fbt:::entry"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := tab.Match(provider.ParseDesc("rawfbt:::entry"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fbt:::entry %d probes, rawfbt:::entry %d", len(all), len(raw))
	if len(all) < 1000 || len(raw) <= len(all) {
		t.Errorf("fbt:::entry %d probes, rawfbt:::entry %d: want thousands, and more raw", len(all), len(raw))
	}
	for _, p := range all {
		if strings.Contains(p.Function, ".") || slices.ContainsFunc([]string{"bpf_", "ftrace_", "kprobe", "perf_", "rcu_"}, func(pre string) bool { return strings.HasPrefix(p.Function, pre) }) {
			t.Fatalf("fbt lists %s", p.Desc)
		}
	}
}

package stabletest

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
)

// Firing is one recorded firing: the task it fired in and its arguments.
type Firing struct {
	Probe    string
	PID, TID uint32
	// Task is the firing task's struct task_struct address.
	Task uint64
	Args []uint64
}

// Clause enables the probes Desc matches with a clause that records the
// first NArgs arguments.
type Clause struct {
	Desc  string
	NArgs int
	// DerefWords, when not 0, records too that many 8-byte words of the
	// memory args[DerefArg] points to (0s where it cannot be read), as
	// Args[NArgs] on.
	DerefArg, DerefWords int
}

// Record returns clause id: it records the firing task (tgid and tid,
// then its task_struct) and the first nargs arguments.
func Record(t testing.TB, id, nargs int) *bpfrt.Stmt { return RecordDeref(t, id, nargs, 0, 0) }

// RecordDeref is Record that records too words 8-byte words of the
// memory args[arg] points to after the arguments.
func RecordDeref(t testing.TB, id, nargs, arg, words int) *bpfrt.Stmt {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.R7, int16(l.Stage+bpfrt.RecHeaderSize), asm.R0, asm.DWord),
		asm.FnGetCurrentTask.Call(),
		asm.StoreMem(asm.R7, int16(l.Stage+bpfrt.RecHeaderSize+8), asm.R0, asm.DWord),
	}
	for i := range nargs {
		insns = append(insns,
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(asm.R7, int16(l.Stage+bpfrt.RecHeaderSize+8*(i+2)), asm.R1, asm.DWord))
	}
	if words > 0 {
		insns = append(insns,
			asm.Mov.Reg(asm.R1, asm.R7),
			asm.Add.Imm(asm.R1, int32(l.Stage+bpfrt.RecHeaderSize+8*(nargs+2))),
			asm.Mov.Imm(asm.R2, int32(8*words)),
			asm.LoadMem(asm.R3, asm.R7, bpfrt.MstArg(arg), asm.DWord),
			asm.FnProbeReadKernel.Call())
	}
	size := 8 * (nargs + 2 + words)
	insns = append(insns, l.Output(asm.R6, asm.R7, size)...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
	return &bpfrt.Stmt{ID: id, Insns: insns, DataSize: size}
}

type collector struct{ fs []Firing }

func (c *collector) Record(r consume.Record) error {
	f := Firing{Probe: r.EP.ProbeName}
	for i := 0; i+8 <= len(r.Data); i += 8 {
		v := binary.NativeEndian.Uint64(r.Data[i:])
		switch i {
		case 0:
			f.PID, f.TID = uint32(v>>32), uint32(v)
		case 8:
			f.Task = v
		default:
			f.Args = append(f.Args, v)
		}
	}
	c.fs = append(c.fs, f)
	return nil
}
func (*collector) Fault(consume.Fault) error                 { return nil }
func (*collector) Drops(consume.DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(consume.SpecDrop, uint64) error  { return nil }

// Run enables the clauses on tab, runs workload while tracing and
// returns what fired. It fails t when a description matches
// no probe.
func Run(t testing.TB, tab *provider.Table, clauses []Clause, workload func()) []Firing {
	t.Helper()
	s, err := enable.Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var enabled []provider.Enabled
	for i, c := range clauses {
		ps, err := tab.Match(provider.ParseDesc(c.Desc))
		if err != nil || len(ps) == 0 {
			t.Fatalf("%s matched %v, %v", c.Desc, ps, err)
		}
		st := RecordDeref(t, i, c.NArgs, c.DerefArg, c.DerefWords)
		for _, p := range ps {
			enabled = append(enabled, provider.Enabled{Probe: p, Stmts: []*bpfrt.Stmt{st}})
		}
	}
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() {
		defer cancel()
		time.Sleep(50 * time.Millisecond) // Run activates tracing first
		workload()
		time.Sleep(50 * time.Millisecond)
	}()
	c := &collector{}
	if _, err := s.Run(ctx, c); err != nil {
		t.Fatal(err)
	}
	return c.fs
}

// ListVerbose returns `-lv desc` for the one probe desc matches, with the
// probe id column replaced by "ID".
func ListVerbose(t testing.TB, tab *provider.Table, desc string) string {
	t.Helper()
	ps, err := tab.Match(provider.ParseDesc(desc))
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s matched %v, %v", desc, ps, err)
	}
	var buf bytes.Buffer
	if err := provider.WriteList(&buf, ps, true); err != nil {
		t.Fatal(err)
	}
	return idCol.ReplaceAllString(buf.String(), "ID ")
}

var idCol = regexp.MustCompile(`(?m)^ *\d+ `)

// CheckListVerbose checks that `-lv desc` lists want for the one probe
// desc matches (the id column as ListVerbose writes it).
func CheckListVerbose(t testing.TB, tab *provider.Table, desc, want string) {
	t.Helper()
	if got := ListVerbose(t, tab, desc); got != want {
		t.Errorf("listing\n%s\nwant\n%s", got, want)
	}
}

// Of keeps the firings of probe in process pid (any process when 0).
func Of(fs []Firing, probe string, pid int) []Firing {
	var out []Firing
	for _, f := range fs {
		if f.Probe == probe && (pid == 0 || f.PID == uint32(pid)) {
			out = append(out, f)
		}
	}
	return out
}

// Main runs the tests and then releases tracefs, which the providers
// mount when it is not, so the tests leave the system as they found it.
func Main(m *testing.M) {
	code := m.Run()
	if err := feature.ReleaseTracefs(); err != nil {
		println(err.Error())
		code = 1
	}
	os.Exit(code)
}

// WantVerbose is the `-lv` text DTrace prints for one probe of an
// SDT-style provider (description attributes Private/Private/Unknown with
// a module, Evolving/Evolving/Common without one;
// argument attributes Evolving/Evolving/argClass) with the given
// argument types, the id column as ListVerbose writes it.
func WantVerbose(prov, mod, fn, name, argClass string, types ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "   ID   PROVIDER            MODULE                          FUNCTION NAME\n")
	fmt.Fprintf(&b, "ID %10s %17s %33s %s\n", prov, mod, fn, name)
	// The description's attribute counts only the parts it names, as
	// DTrace's dt_probe_info does: the Private module's when the probe
	// has one, else the provider's and the name's, Evolving.
	if mod != "" {
		fmt.Fprintf(&b, "\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n")
	} else {
		fmt.Fprintf(&b, "\n\tProbe Description Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n")
	}
	fmt.Fprintf(&b, "\n\tArgument Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: %s\n", argClass)
	fmt.Fprintf(&b, "\n\tArgument Types\n")
	for i, t := range types {
		fmt.Fprintf(&b, "\t\targs[%d]: %s\n", i, t)
	}
	if len(types) == 0 {
		fmt.Fprintf(&b, "\t\tNone\n")
	}
	b.WriteString("\n")
	return b.String()
}

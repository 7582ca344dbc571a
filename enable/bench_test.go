package enable

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
)

// session opens, enables and runs one session to its end.
func session(b *testing.B, opts consume.Options, probes []string, stmts [][]*bpfrt.Stmt) *Session {
	s := enableAll(b, opts, probes, stmts)
	if _, err := s.Run(context.Background(), &collector{}); err != nil {
		b.Fatal(err)
	}
	return s
}

// vmHWM returns the peak resident set size in kB.
func vmHWM(b *testing.B) int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.Fields(v)[0])
			return n
		}
	}
	b.Fatal("no VmHWM")
	return 0
}

// BenchmarkBeginExit is the runtime's share of `dtrace -n 'BEGIN { exit(0); }'`:
// create the maps and the buffer reader, load the BEGIN program, fire it,
// see exit, drain and close everything.
func BenchmarkBeginExit(b *testing.B) {
	requireRuntime(b)
	l := layout(b, bpfrt.Config{})
	body := append(asm.Instructions{asm.Mov.Imm(asm.R8, 0)}, l.Exit(asm.R7, asm.R8, "x")...)
	body = append(body, l.Output(asm.R6, asm.R7, 0)...)
	stmts := [][]*bpfrt.Stmt{{clause(0, 0, body...)}}
	for b.Loop() {
		s := session(b, consume.Options{}, []string{"BEGIN"}, stmts)
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(vmHWM(b))/1024, "MB-peak-RSS")
}

// BenchmarkProfileFiring measures the lean `profile-997 { x++; }`: its
// instruction count and, from the kernel's BPF run-time statistics, the
// time of one firing. Each iteration traces for 200 ticks of tick-1000.
func BenchmarkProfileFiring(b *testing.B) {
	requireRuntime(b)
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		b.Fatal(err)
	}
	defer stats.Close()
	cfg := bpfrt.Config{GlobalsSize: 16}
	l := layout(b, cfg)
	inc := func(off int16) asm.Instructions {
		add := asm.StoreXAdd(asm.R8, asm.R1, asm.DWord)
		add.Offset = off
		return append(l.LookupGlobals(asm.R8, asm.R7, "out"), asm.Mov.Imm(asm.R1, 1), add)
	}
	prof := clause(0, 0, append(inc(0), asm.Mov.Imm(asm.R0, 0).WithSymbol("out"))...)
	tick := append(inc(8),
		asm.LoadMem(asm.R1, asm.R8, 8, asm.DWord),
		asm.JLT.Imm(asm.R1, 200, "out"),
		asm.Mov.Imm(asm.R9, 0))
	tick = append(tick, l.Exit(asm.R7, asm.R9, "x")...)
	tick = append(tick, l.Output(asm.R6, asm.R7, 0)...)
	tick = append(tick, asm.Mov.Imm(asm.R0, 0).WithSymbol("out"))
	stmts := [][]*bpfrt.Stmt{{prof}, {clause(1, 0, tick...)}}
	var runtime time.Duration
	var runs uint64
	var insns int
	for b.Loop() {
		s := session(b, consume.Options{Config: cfg}, []string{"profile-997", "tick-1000"}, stmts)
		p := s.Programs()[0]
		st, err := p.Prog.Stats()
		if err != nil {
			b.Fatal(err)
		}
		runtime += st.Runtime
		runs += st.RunCount
		insns = p.Insns
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
	if runs == 0 {
		b.Fatal("profile-997 never fired")
	}
	b.ReportMetric(float64(runtime.Nanoseconds())/float64(runs), "ns/firing")
	b.ReportMetric(float64(insns), "insns")
}

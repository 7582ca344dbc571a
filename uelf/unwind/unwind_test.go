package unwind

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// readelfRow is one row of readelf --debug-dump=frames-interp: the CFA
// and the rules of rbp and the return address as it prints them.
type readelfRow struct {
	pc          uint64
	cfa, fp, ra string
}

// readelfFDE is one FDE as readelf interprets it.
type readelfFDE struct {
	start, end uint64
	rows       []readelfRow
}

// readelfFrames runs readelf on file and returns its FDEs; an FDE without
// instructions of its own gets its CIE's initial row.
func readelfFrames(t *testing.T, file string) []readelfFDE {
	t.Helper()
	// readelf exits 1 after its warnings about a debug file it followed
	// (whose .eh_frame is NOBITS), having printed the file's own frames.
	out, err := exec.Command("readelf", "--debug-dump=frames-interp", file).Output()
	if _, ok := err.(*exec.ExitError); err != nil && (!ok || len(out) == 0) {
		t.Skipf("readelf: %v", err) // binutils is not installed
	}
	var fdes []readelfFDE
	cies := map[string]*[]readelfRow{}
	var cols []string
	var cur *[]readelfRow
	var cieOf string
	flush := func() {
		if len(fdes) > 0 && cieOf != "" && len(fdes[len(fdes)-1].rows) == 0 {
			if init := cies[cieOf]; init != nil && len(*init) > 0 {
				r := (*init)[0]
				r.pc = fdes[len(fdes)-1].start
				fdes[len(fdes)-1].rows = []readelfRow{r}
			}
		}
	}
	// "r9 (r9)", a register rule, in one field.
	regName := regexp.MustCompile(`(r\d+) \((\w+)\)`)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(regName.ReplaceAllString(sc.Text(), "$1($2)"))
		switch {
		case len(f) >= 3 && f[0] == "Contents" && f[1] == "of":
			// CIE offsets are per section.
			flush()
			cies = map[string]*[]readelfRow{}
			cur, cols, cieOf = nil, nil, ""
		case len(f) >= 4 && f[3] == "CIE":
			flush()
			cieOf = ""
			cur = new([]readelfRow)
			cies[f[0]] = cur
			cols = nil
		case len(f) >= 6 && f[3] == "FDE":
			flush()
			pc := strings.TrimPrefix(f[5], "pc=")
			a, b, _ := strings.Cut(pc, "..")
			start, _ := strconv.ParseUint(a, 16, 64)
			end, _ := strconv.ParseUint(b, 16, 64)
			cieOf = strings.TrimPrefix(f[4], "cie=")
			fdes = append(fdes, readelfFDE{start: start, end: end})
			cur = &fdes[len(fdes)-1].rows
			cols = nil
		case len(f) >= 2 && f[0] == "LOC" && f[1] == "CFA":
			cols = f
		case len(f) == len(cols) && len(cols) > 0 && cur != nil:
			pc, err := strconv.ParseUint(f[0], 16, 64)
			if err != nil {
				continue
			}
			r := readelfRow{pc: pc, cfa: f[1], fp: "u", ra: "u"}
			for i, c := range cols {
				switch c {
				case "rbp":
					r.fp = f[i]
				case "ra":
					r.ra = f[i]
				}
			}
			*cur = append(*cur, r)
		}
	}
	flush()
	return fdes
}

// readelfCFA, readelfFP and readelfRA say whether readelf's rule and the
// row's agree.
func readelfCFA(r Row, s string) bool {
	switch r.CFA {
	case CFASP:
		return s == fmt.Sprintf("rsp%+d", r.CFAOff)
	case CFAFP:
		return s == fmt.Sprintf("rbp%+d", r.CFAOff)
	case CFAPLT, CFASignal:
		return s == "exp"
	case CFAUnsupported:
		return s == "exp" || !strings.HasPrefix(s, "rsp") && !strings.HasPrefix(s, "rbp")
	}
	return false
}

func readelfRule(r Rule, s string) bool {
	switch r.Kind {
	case Same:
		return s == "u" || s == "s"
	case Undefined:
		return s == "u"
	case AtCFA:
		return s == fmt.Sprintf("c%+d", r.Off)
	}
	return s != "u" && s != "s" && !strings.HasPrefix(s, "c")
}

// compare checks the table of file against readelf's interpretation of
// its frames, at every address where either changes rule.
func compare(t *testing.T, file string, tab *Table) {
	t.Helper()
	fdes := readelfFrames(t, file)
	if len(fdes) == 0 {
		t.Fatalf("readelf found no FDEs in %s", file)
	}
	bad := 0
	check := func(f readelfFDE, want readelfRow, pc uint64) {
		got := tab.Lookup(pc)
		ok := readelfCFA(got, want.cfa)
		if got.CFA == CFASignal {
			ok = ok && want.fp == "exp" && want.ra == "exp"
		} else if got.CFA != CFAUnsupported {
			ok = ok && readelfRule(got.FP, want.fp) && readelfRule(got.RA, want.ra)
		}
		if !ok {
			bad++
			if bad <= 10 {
				t.Errorf("%s: FDE %#x..%#x at %#x: got %+v, readelf says CFA %s rbp %s ra %s",
					filepath.Base(file), f.start, f.end, pc, got, want.cfa, want.fp, want.ra)
			}
		}
	}
	checked := 0
	for _, f := range fdes {
		if f.start >= f.end {
			continue
		}
		var rows []readelfRow
		for _, r := range f.rows {
			if r.pc >= f.start && r.pc < f.end {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			t.Errorf("FDE %#x..%#x: no rows from readelf", f.start, f.end)
			continue
		}
		for i, r := range rows {
			check(f, r, r.pc)
			checked++
			// Our row boundaries inside readelf's row must not change
			// the rule.
			end := f.end
			if i+1 < len(rows) {
				end = rows[i+1].pc
			}
			i := sort.Search(len(tab.Rows), func(i int) bool { return tab.Rows[i].PC > r.pc })
			for ; i < len(tab.Rows) && tab.Rows[i].PC < end; i++ {
				check(f, r, tab.Rows[i].PC)
			}
		}
		// Past the FDE, the next FDE or nothing.
		if next := tab.Lookup(f.end); next.CFA == CFANone && next.PC != f.end {
			t.Errorf("FDE %#x..%#x: row past its end is %+v", f.start, f.end, next)
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d rows differ from readelf", bad, checked)
	}
	if tab.Stats.Skipped != 0 {
		t.Errorf("%d entries skipped", tab.Stats.Skipped)
	}
	t.Logf("%s: %d FDEs, %d readelf rows, %d table rows (%d bytes)", filepath.Base(file), len(fdes), checked, len(tab.Rows), tab.Size())
}

func openTable(t *testing.T, file string) *Table {
	t.Helper()
	if _, err := os.Stat(file); err != nil {
		t.Skipf("%s: %v", file, err) // not a Debian system
	}
	tab, err := Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestReadelfPython(t *testing.T) {
	const file = "/usr/bin/python3.11"
	tab := openTable(t, file)
	compare(t, file, tab)
	plt := 0
	for _, r := range tab.Rows {
		if r.CFA == CFAPLT {
			plt++
			if r.PLTSplit != 11 || r.CFAOff != 8 {
				t.Errorf("PLT row %+v, want split 11 and offset 8", r)
			}
		}
	}
	if plt == 0 {
		t.Errorf("no PLT row in %s", file)
	}
	if tab.Stats.HdrEntries != tab.Stats.FDEs {
		t.Errorf(".eh_frame_hdr has %d entries, .eh_frame %d FDEs", tab.Stats.HdrEntries, tab.Stats.FDEs)
	}
}

func TestReadelfLibc(t *testing.T) {
	const file = "/lib/x86_64-linux-gnu/libc.so.6"
	tab := openTable(t, file)
	compare(t, file, tab)
	if tab.Stats.HdrEntries != tab.Stats.FDEs {
		t.Errorf(".eh_frame_hdr has %d entries, .eh_frame %d FDEs", tab.Stats.HdrEntries, tab.Stats.FDEs)
	}
	// __restore_rt is a signal frame.
	sig := 0
	for _, r := range tab.Rows {
		if r.CFA == CFASignal {
			sig++
		}
	}
	if sig == 0 {
		t.Errorf("no signal frame in %s", file)
	}
}

// gcc builds testdata/src into a temporary directory with flags.
func gcc(t *testing.T, src string, flags ...string) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc is not installed")
	}
	bin := filepath.Join(t.TempDir(), strings.TrimSuffix(src, ".c"))
	args := append(flags, "-o", bin, filepath.Join("testdata", src))
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %v: %v\n%s", args, err, out)
	}
	return bin
}

// TestDebugFrame reads .debug_frame, which gcc writes instead of
// .eh_frame for code built without asynchronous unwind tables.
func TestDebugFrame(t *testing.T) {
	bin := gcc(t, "chain.c", "-O2", "-g", "-fomit-frame-pointer", "-fno-asynchronous-unwind-tables")
	tab := openTable(t, bin)
	if tab.Stats.DebugFDEs == 0 {
		t.Fatalf("no FDE from .debug_frame: %+v", tab.Stats)
	}
	compare(t, bin, tab)
	syms := symbols(t, bin)
	for _, s := range syms {
		if s.Name == "b" {
			if r := tab.Lookup(s.Value + s.Size - 2); r.CFA != CFASP || r.RA != (Rule{AtCFA, -8}) {
				t.Errorf("b: row %+v, want a CFA from SP and the return address at CFA-8", r)
			}
		}
	}
}

// symbols returns the symbol table of the ELF file bin.
func symbols(t *testing.T, bin string) []elf.Symbol {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, _ := f.Symbols()
	return syms
}

// TestChain reads a gcc -O2 program's .eh_frame: the functions of the
// chain compute their CFA from SP, and _start's return address is
// undefined.
func TestChain(t *testing.T) {
	bin := gcc(t, "chain.c", "-O2", "-fomit-frame-pointer")
	tab := openTable(t, bin)
	compare(t, bin, tab)
	syms := symbols(t, bin)
	seen := 0
	for _, s := range syms {
		switch s.Name {
		case "a", "b", "c", "main":
			seen++
			for pc := s.Value; pc < s.Value+s.Size; pc++ {
				if r := tab.Lookup(pc); r.CFA != CFASP || r.RA.Kind != AtCFA || r.FP.Kind == Unsupported {
					t.Fatalf("%s+%#x: row %+v", s.Name, pc-s.Value, r)
				}
			}
		case "_start":
			seen++
			if r := tab.Lookup(s.Value); r.RA.Kind != Undefined {
				t.Errorf("_start: row %+v, want an undefined return address", r)
			}
		}
	}
	if seen != 5 {
		t.Errorf("found %d of the 5 functions", seen)
	}
	if tab.Stats.DebugFDEs != 0 {
		t.Errorf("%d FDEs from .debug_frame, want none", tab.Stats.DebugFDEs)
	}
}

// BenchmarkOpen builds the tables of python3.11 and libc, as a session
// does for a python process.
func BenchmarkOpen(b *testing.B) {
	files := []string{"/usr/bin/python3.11", "/lib/x86_64-linux-gnu/libc.so.6"}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			b.Skip(err)
		}
	}
	for b.Loop() {
		rows := 0
		for _, f := range files {
			t, err := Open(f, "")
			if err != nil {
				b.Fatal(err)
			}
			rows += len(t.Rows)
		}
		b.ReportMetric(float64(rows), "rows")
		b.ReportMetric(float64(rows*RowSize), "map-bytes")
	}
}

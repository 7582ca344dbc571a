package unwind

import (
	"debug/elf"
	"errors"
	"fmt"
	"sort"
)

// DWARF register numbers of x86-64 that unwinding tracks.
const (
	regFP = 6  // rbp
	regSP = 7  // rsp
	regRA = 16 // the return address column (rip)
)

// CFAKind says how a row finds the canonical frame address, the value of
// the stack pointer in the caller just before the call.
type CFAKind uint8

const (
	// CFANone: no FDE covers the address (JIT code, a hand-written stub
	// without unwind information): unwinding stops there.
	CFANone CFAKind = iota
	// CFASP: CFA = SP + Off.
	CFASP
	// CFAFP: CFA = FP + Off.
	CFAFP
	// CFAPLT: a PLT entry, whose FDE gives the CFA by an expression: SP +
	// Off, plus 8 once the entry's push has run, that is when the
	// address's low 4 bits (its position in its 16-byte entry) are at
	// least PLTSplit.
	CFAPLT
	// CFAUnsupported: a CFA given by another register or another
	// expression (stack realignment).
	CFAUnsupported
	// CFASignal: a signal handler's return trampoline (__restore_rt),
	// where the interrupted code's registers are in the ucontext on the
	// stack: its SP at SP + CFAOff, its PC at SP + RA.Off and its FP at
	// SP + FP.Off.
	CFASignal
)

// RuleKind says where a register of the caller is found.
type RuleKind uint8

const (
	// Same: the register has its caller's value (a frame pointer not
	// saved yet).
	Same RuleKind = iota
	// AtCFA: the caller's value is saved in memory at CFA + Off.
	AtCFA
	// Undefined: the caller has no value; for the return address, this
	// is the outermost frame (_start, clone's child).
	Undefined
	// Unsupported: any other rule (in another register, an expression).
	Unsupported
)

// Rule is where one register of the caller is found.
type Rule struct {
	Kind RuleKind
	Off  int32 // for AtCFA
}

// Row says how to unwind from the addresses [PC, next row's PC).
type Row struct {
	PC       uint64 // ELF virtual address
	CFA      CFAKind
	PLTSplit uint8 // for CFAPLT
	CFAOff   int32
	RA       Rule
	FP       Rule
}

// Table is the unwind rows of one ELF object, sorted by PC. A row lasts
// until the next; the last row, past every FDE, is CFANone.
type Table struct {
	Rows  []Row
	Stats Stats
}

// Stats counts what building a table read.
type Stats struct {
	FDEs       int // FDEs whose rows are in the table
	Skipped    int // CIEs and FDEs skipped as malformed
	DebugFDEs  int // of FDEs, those from .debug_frame
	HdrEntries int // entries of .eh_frame_hdr's search table, -1 without one
}

// ErrNoTables is returned for an object with neither .eh_frame nor
// .debug_frame.
var ErrNoTables = errors.New("no unwind tables")

// ErrArch is returned for an ELF machine unwinding does not know.
var ErrArch = errors.New("unwinding not supported for this machine")

// Lookup returns the row covering pc, which is CFANone outside every FDE.
func (t *Table) Lookup(pc uint64) Row {
	i := sort.Search(len(t.Rows), func(i int) bool { return t.Rows[i].PC > pc })
	if i == 0 {
		return Row{PC: pc}
	}
	return t.Rows[i-1]
}

// Open builds the table of the ELF file at name, with the .debug_frame of
// debug, the path of its separate debug file, if not empty.
func Open(name, debug string) (*Table, error) {
	f, err := elf.Open(name)
	if err != nil {
		return nil, fmt.Errorf("unwind: %w", err)
	}
	defer f.Close()
	var df *elf.File
	if debug != "" {
		if df, err = elf.Open(debug); err == nil {
			defer df.Close()
		}
	}
	t, err := New(f, df)
	if err != nil {
		return nil, fmt.Errorf("unwind: %s: %w", name, err)
	}
	return t, nil
}

// New builds the table of ELF file f from its .eh_frame, found by its
// section or, in a file without section headers, by the PT_GNU_EH_FRAME
// segment's .eh_frame_hdr, and from the .debug_frame of f and of debug
// (its separate debug file, or nil) for the addresses .eh_frame leaves
// uncovered.
func New(f, debug *elf.File) (*Table, error) {
	if f.Machine != elf.EM_X86_64 || f.Class != elf.ELFCLASS64 {
		return nil, fmt.Errorf("%v: %w", f.Machine, ErrArch)
	}
	var fdes []fde
	stats := Stats{HdrEntries: -1}
	ehAddr, eh := ehFrame(f, &stats)
	found := eh != nil
	if found {
		p := parser{data: eh, addr: ehAddr}
		fdes = p.parse()
		stats.Skipped += p.skipped
	}
	n := len(fdes)
	for _, src := range []*elf.File{f, debug} {
		if src == nil {
			continue
		}
		s := src.Section(".debug_frame")
		if s == nil || s.Type == elf.SHT_NOBITS {
			continue
		}
		data, err := s.Data()
		if err != nil {
			stats.Skipped++
			continue
		}
		found = true
		p := parser{data: data, debug: true}
		fdes = append(fdes, p.parse()...)
		stats.Skipped += p.skipped
	}
	if !found {
		return nil, ErrNoTables
	}
	t := build(fdes, n)
	t.Stats.Skipped += stats.Skipped
	t.Stats.HdrEntries = stats.HdrEntries
	return t, nil
}

// ehFrame returns the address and contents of f's .eh_frame, and counts
// the entries of .eh_frame_hdr's table in stats.
func ehFrame(f *elf.File, stats *Stats) (uint64, []byte) {
	var hdr []byte
	var hdrAddr uint64
	for _, p := range f.Progs {
		if p.Type == elf.PT_GNU_EH_FRAME {
			hdr = make([]byte, p.Filesz)
			if _, err := p.ReadAt(hdr, 0); err != nil {
				hdr = nil
			}
			hdrAddr = p.Vaddr
		}
	}
	var h ehHdr
	if hdr != nil {
		var err error
		if h, err = parseHdr(hdr, hdrAddr); err == nil {
			stats.HdrEntries = len(h.table)
		} else {
			hdr = nil
		}
	}
	if s := f.Section(".eh_frame"); s != nil && s.Type != elf.SHT_NOBITS {
		if data, err := s.Data(); err == nil {
			return s.Addr, data
		}
	}
	if hdr == nil {
		return 0, nil
	}
	// No section headers: read from .eh_frame's address to the end of
	// its segment; the parser stops at the zero terminator.
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && h.ehFrame >= p.Vaddr && h.ehFrame < p.Vaddr+p.Filesz {
			data := make([]byte, p.Vaddr+p.Filesz-h.ehFrame)
			if _, err := p.ReadAt(data, int64(h.ehFrame-p.Vaddr)); err != nil {
				return 0, nil
			}
			return h.ehFrame, data
		}
	}
	return 0, nil
}

// build turns the FDEs into one sorted table; the first n come from
// .eh_frame and win where a .debug_frame FDE overlaps them.
func build(fdes []fde, n int) *Table {
	t := &Table{}
	type span struct {
		start, end uint64
		rows       []Row
		debug      bool
	}
	spans := make([]span, 0, len(fdes))
	for i, f := range fdes {
		if f.end <= f.start || len(f.rows) == 0 {
			continue
		}
		spans = append(spans, span{f.start, f.end, f.rows, i >= n})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var end uint64 // the end of the rows so far
	for i, s := range spans {
		if s.start < end {
			// Overlap: .eh_frame wins over .debug_frame, and otherwise
			// the earlier FDE over the later.
			if !s.debug && spans[i-1].debug {
				t.Rows = cut(t.Rows, s.start)
			} else {
				continue
			}
		} else if s.start > end && len(t.Rows) > 0 {
			t.Rows = append(t.Rows, Row{PC: end})
		}
		for _, r := range s.rows {
			if r.PC >= s.end {
				break
			}
			if r.PC < s.start {
				continue
			}
			if n := len(t.Rows); n > 0 && t.Rows[n-1].PC == r.PC {
				t.Rows[n-1] = r
				continue
			}
			t.Rows = append(t.Rows, r)
		}
		end = s.end
		t.Stats.FDEs++
		if s.debug {
			t.Stats.DebugFDEs++
		}
	}
	if len(t.Rows) > 0 {
		t.Rows = append(t.Rows, Row{PC: end})
	}
	// Merge rows that say the same as the row before.
	out := t.Rows[:0]
	for _, r := range t.Rows {
		if n := len(out); n > 0 && sameRule(out[n-1], r) {
			continue
		}
		out = append(out, r)
	}
	t.Rows = out
	return t
}

// cut drops the rows from pc on.
func cut(rows []Row, pc uint64) []Row {
	i := sort.Search(len(rows), func(i int) bool { return rows[i].PC >= pc })
	return rows[:i]
}

// sameRule reports whether two rows unwind alike.
func sameRule(a, b Row) bool {
	a.PC = b.PC
	return a == b
}

// Size is the memory the rows take in the probe's maps, in bytes.
func (t *Table) Size() int { return len(t.Rows) * RowSize }

// RowSize is the size of a row in the probe's maps.
const RowSize = 12

package uelf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/godtrace/godtrace/proc"
	"golang.org/x/sys/unix"
)

// TestParseArgs reads x86-64 notes' AT&T operands, on any machine.
func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Arg
	}{
		{"-4@%edi", Arg{Size: 4, Signed: true, Kind: ArgReg, Reg: RegRDI, RegBits: 32, Base: RegNone, Index: RegNone}},
		{"8@%r12", Arg{Size: 8, Kind: ArgReg, Reg: RegR12, RegBits: 64, Base: RegNone, Index: RegNone}},
		{"1@%ah", Arg{Size: 1, Kind: ArgReg, Reg: RegRAX, RegBits: 8, RegHigh: true, Base: RegNone, Index: RegNone}},
		{"2@%r9w", Arg{Size: 2, Kind: ArgReg, Reg: RegR9, RegBits: 16, Base: RegNone, Index: RegNone}},
		{"8@-16(%rbp)", Arg{Size: 8, Kind: ArgMem, Base: RegRBP, Index: RegNone, Offset: -16, Reg: RegNone}},
		{"-4@112(%rsp)", Arg{Size: 4, Signed: true, Kind: ArgMem, Base: RegRSP, Index: RegNone, Offset: 112, Reg: RegNone}},
		{"8@$42", Arg{Size: 8, Kind: ArgConst, Const: 42, Base: RegNone, Index: RegNone, Reg: RegNone}},
		{"-2@$-3", Arg{Size: 2, Signed: true, Kind: ArgConst, Const: -3, Base: RegNone, Index: RegNone, Reg: RegNone}},
		{"8@(%rax,%rbx,8)", Arg{Size: 8, Kind: ArgMem, Base: RegRAX, Index: RegRBX, Scale: 8, Reg: RegNone}},
		{"4@0x10(,%rcx,4)", Arg{Size: 4, Kind: ArgMem, Base: RegNone, Index: RegRCX, Scale: 4, Offset: 16, Reg: RegNone}},
		{"8@counter+8(%rip)", Arg{Size: 8, Kind: ArgMem, Base: RegRIP, Index: RegNone, Symbol: "counter", Offset: 8, Reg: RegNone}},
		{"-4@x(%rip)", Arg{Size: 4, Signed: true, Kind: ArgMem, Base: RegRIP, Index: RegNone, Symbol: "x", Reg: RegNone}},
		{"-4@arr(,%rdi,4)", Arg{Size: 4, Signed: true, Kind: ArgMem, Base: RegNone, Index: RegRDI, Scale: 4, Symbol: "arr", Reg: RegNone}},
		{"%rdi", Arg{Size: 8, Signed: true, Kind: ArgReg, Reg: RegRDI, RegBits: 64, Base: RegNone, Index: RegNone}},
	} {
		got, err := parseArgs(tc.in, parseArgAMD64)
		if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
			t.Errorf("ParseArgs(%q) = %+v, %v\nwant %+v", tc.in, got, err, tc.want)
			continue
		}
		// String spells it back in the note's syntax (up to the
		// spelling of numbers).
		if round, err := parseArgs(got[0].stringAMD64(), parseArgAMD64); err != nil || !reflect.DeepEqual(round[0], got[0]) {
			t.Errorf("round trip of %q via %q = %+v, %v", tc.in, got[0].stringAMD64(), round, err)
		}
	}
	for _, bad := range []string{"4@", "3@%eax", "4@%xyz", "4@$", "4@$x", "8@(%rax", "8@(%al)",
		"8@(%rax,%rsp)", "8@(%rax,%rbx,3)", "8@1(,)", "8@%fs:8", "8@9bad(%rax)", "4@%rip", "8@()"} {
		if args, err := parseArgs(bad, parseArgAMD64); err == nil {
			t.Errorf("ParseArgs(%q) = %+v, want an error", bad, args)
		}
	}
	if args, err := ParseArgs("  "); err != nil || len(args) != 0 {
		t.Errorf("ParseArgs of blanks = %v, %v", args, err)
	}
	if RegRDI.PtRegsOffset() != 112 || RegRIP.PtRegsOffset() != 128 || RegRSP.PtRegsOffset() != 152 {
		t.Error("pt_regs offsets do not match struct pt_regs")
	}
}

// TestPython checks the probes Debian's python3.11 carries.
func TestPython(t *testing.T) {
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Skipf("%s not installed", python)
	}
	f, err := Open(python)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var entry *Probe
	for i, p := range f.Probes() {
		if p.Provider != "python" || p.ArgsErr != nil {
			t.Errorf("probe %+v", p)
		}
		names = append(names, p.Name)
		if p.Name == "function__entry" {
			entry = &f.Probes()[i]
		}
	}
	if len(names) != 8 || entry == nil {
		t.Fatalf("probes %v", names)
	}
	// The numbers change with each Debian rebuild of python3.11: the
	// outside oracle is binutils' reading of the same notes.
	notes := readelfNotes(t, python)
	want := Probe{Provider: "python", Name: "function__entry", ArgString: "8@%rbp 8@%r12 -4@%eax"}
	want.PC, want.Semaphore = notes.entryPC, notes.entrySemaphore
	if want.Offset, err = f.VaddrToOffset(want.PC); err != nil {
		t.Fatal(err)
	}
	if want.SemaphoreOffset, err = f.VaddrToOffset(want.Semaphore); err != nil {
		t.Fatal(err)
	}
	if want.Offset == want.PC || want.SemaphoreOffset == want.Semaphore {
		t.Fatalf("an ET_EXEC's file offsets should differ from its addresses: %+v", want)
	}
	want.Args, _ = ParseArgs(want.ArgString)
	if !reflect.DeepEqual(*entry, want) {
		t.Fatalf("function__entry = %+v\nwant %+v", *entry, want)
	}
	if entry.Args[2].Kind != ArgReg || entry.Args[2].Reg != RegRAX || entry.Args[2].Size != 4 || !entry.Args[2].Signed {
		t.Errorf("lineno arg = %+v", entry.Args[2])
	}
	// The python binary is stripped: functions come from .dynsym.
	if f.Type != elf.ET_EXEC || f.BuildID != notes.buildID || f.DebugLink == "" {
		t.Errorf("file facts: type %v build-id %q (readelf: %q) debuglink %q", f.Type, f.BuildID, notes.buildID, f.DebugLink)
	}
	if s, ok := f.Func("PyEval_EvalCode"); !ok || s.Size == 0 {
		t.Errorf("PyEval_EvalCode = %+v, %v", s, ok)
	}
}

// TestSdtProgram stops a C program at each of its probes and checks
// that the decoded argument specifications fetch the values the source
// passes, at -O0 (memory operands) and -O2 (registers and constants).
func TestSdtProgram(t *testing.T) {
	requireSDTHeader(t)
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			bin := build(t, "sdt.c", opt)
			f, err := Open(bin)
			if err != nil {
				t.Fatal(err)
			}
			probes := map[string]Probe{}
			for _, p := range f.Probes() {
				if p.ArgsErr != nil {
					t.Fatalf("probe %s: %v", p.Name, p.ArgsErr)
				}
				probes[p.Name] = p
			}
			if len(probes) != 4 {
				t.Fatalf("probes %v", probes)
			}
			counter, ok := symbolValue(f, "global_counter")
			if !ok {
				t.Fatal("no global_counter")
			}
			// Semaphores: each in .probes, at the file offset of its symbol.
			for _, name := range []string{"plain", "withsem", "mixed", "global"} {
				p := probes[name]
				semSym, _ := symbolValue(f, "test_"+name+"_semaphore")
				if p.Semaphore == 0 || p.Semaphore != semSym {
					t.Errorf("%s: semaphore %#x, symbol at %#x", name, p.Semaphore, semSym)
				}
				if off, err := f.VaddrToOffset(p.Semaphore); err != nil || off != p.SemaphoreOffset {
					t.Errorf("%s: semaphore offset %#x, want %#x (%v)", name, p.SemaphoreOffset, off, err)
				}
				if p.Provider != "test" {
					t.Errorf("%s: provider %q", name, p.Provider)
				}
			}

			null, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			defer null.Close()
			pr, err := proc.Create([]string{bin}, nil, &proc.CreateOptions{EvalTime: proc.EvalMain, Stdout: null})
			if err != nil {
				t.Fatal(err)
			}
			defer pr.Close()
			aux, err := proc.ReadAuxv(pr.Pid())
			if err != nil {
				t.Fatal(err)
			}
			ef, _ := elf.Open(bin)
			bias := aux[proc.AtEntry] - ef.Entry
			ef.Close()
			// withsem is skipped: its semaphore is 0, as nobody attached.
			for _, c := range []struct {
				name string
				want []int64
			}{
				{"plain", []int64{5, -6}},
				{"mixed", []int64{-3, int64(bias + counter), 42}},
				{"global", []int64{7, 20}},
			} {
				p := probes[c.name]
				if err := pr.RunTo(bias + p.PC); err != nil {
					t.Fatalf("running to %s: %v", c.name, err)
				}
				regs, err := pr.Regs()
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Args) != len(c.want) {
					t.Fatalf("%s: args %q", c.name, p.ArgString)
				}
				for i, a := range p.Args {
					if got := evalArg(t, pr.Pid(), &regs, a, bias); got != c.want[i] {
						t.Errorf("%s arg%d (%s) = %d, want %d", c.name, i, a, got, c.want[i])
					}
				}
			}
			if err := pr.Continue(); err != nil {
				t.Fatal(err)
			}
			<-pr.Done()
			if st := pr.ExitStatus(); st.Value != 0 || !st.Exited() {
				t.Fatalf("exit %+v", st)
			}
		})
	}
}

func symbolValue(f *File, name string) (uint64, bool) {
	for _, s := range f.Symbols() {
		if s.Name == name {
			return s.Value, true
		}
	}
	return 0, false
}

// evalArg fetches an argument the way the BPF side will: from pt_regs and
// user memory, then truncated and sign-extended to its size.
func evalArg(t *testing.T, pid int, regs *unix.PtraceRegs, a Arg, bias uint64) int64 {
	t.Helper()
	reg := func(r Reg) uint64 {
		if r == RegNone {
			return 0
		}
		b := (*[27]uint64)(unsafe.Pointer(regs))
		return b[r]
	}
	var v uint64
	switch a.Kind {
	case ArgConst:
		v = uint64(a.Const)
	case ArgReg:
		v = reg(a.Reg)
		if a.RegHigh {
			v >>= 8
		}
	case ArgMem:
		addr := a.Address(bias, reg)
		buf := make([]byte, 8)
		if err := proc.ReadMemory(pid, addr, buf[:a.Size]); err != nil {
			t.Fatal(err)
		}
		v = binary.LittleEndian.Uint64(buf)
	}
	shift := 64 - 8*a.Size
	if a.Signed {
		return int64(v<<shift) >> shift
	}
	return int64(v << shift >> shift)
}

func TestParseNotes(t *testing.T) {
	le := binary.LittleEndian
	note := func(name string, typ uint32, desc []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, le, uint32(len(name)+1))
		binary.Write(&b, le, uint32(len(desc)))
		binary.Write(&b, le, typ)
		b.WriteString(name + "\x00")
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		b.Write(desc)
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		return b.Bytes()
	}
	desc := make([]byte, 24)
	le.PutUint64(desc, 0x1170)
	le.PutUint64(desc[8:], 0x2008)
	le.PutUint64(desc[16:], 0x4024)
	desc = append(desc, "test\x00plain\x00"+testNoteArgs+"\x00"...)
	b := append(note("GNU", 3, []byte{1, 2, 3, 4, 5}), note("stapsdt", 3, desc)...)
	notes, err := ParseNotes(b, le)
	if err != nil || len(notes) != 2 || notes[0].Name != "GNU" || len(notes[0].Desc) != 5 || notes[1].Name != "stapsdt" {
		t.Fatalf("notes = %+v, %v", notes, err)
	}
	p, base, err := ParseStapsdt(notes[1].Desc, le, 8)
	if err != nil || base != 0x2008 || p.PC != 0x1170 || p.Semaphore != 0x4024 || p.Name != "plain" ||
		p.Provider != "test" || len(p.Args) != 2 || p.Args[1].Reg != testNoteArg1 {
		t.Fatalf("probe = %+v base %#x, %v", p, base, err)
	}
	if _, err := ParseNotes(b[:len(b)-20], le); err == nil {
		t.Error("truncated notes parsed")
	}
	if _, _, err := ParseStapsdt(desc[:30], le, 8); err == nil {
		t.Error("truncated stapsdt parsed")
	}
	if _, _, err := ParseStapsdt([]byte(strings.Repeat("\x00", 24)+"a\x00b"), le, 8); err == nil {
		t.Error("unterminated stapsdt strings parsed")
	}
}

func FuzzParseNotes(f *testing.F) {
	if b, err := os.ReadFile("/usr/bin/python3.11"); err == nil {
		if ef, err := elf.NewFile(bytes.NewReader(b)); err == nil {
			if s := ef.Section(".note.stapsdt"); s != nil {
				d, _ := s.Data()
				f.Add(d)
			}
		}
	}
	f.Add([]byte("\x08\x00\x00\x00\x20\x00\x00\x00\x03\x00\x00\x00stapsdt\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		notes, _ := ParseNotes(b, binary.LittleEndian)
		for _, n := range notes {
			p, _, err := ParseStapsdt(n.Desc, binary.LittleEndian, 8)
			if err == nil && p.ArgsErr == nil {
				for _, a := range p.Args {
					if a.Size != 1 && a.Size != 2 && a.Size != 4 && a.Size != 8 {
						t.Fatalf("size %d", a.Size)
					}
				}
			}
		}
	})
}

func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{"-4@%edi 8@-16(%rbp) 8@$42", "8@(%rax,%rbx,8)", "8@x+8(%rip)", "-4@112(%rsp)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args, err := ParseArgs(s)
		if err != nil {
			return
		}
		for _, a := range args {
			again, err := ParseArgs(a.String())
			if err != nil || len(again) != 1 || !reflect.DeepEqual(again[0], a) {
				t.Fatalf("%q: %+v spelled %q parses as %+v, %v", s, a, a.String(), again, err)
			}
		}
	})
}

// pythonNotes is what readelf -n prints of python3.11's notes.
type pythonNotes struct {
	buildID                 string
	entryPC, entrySemaphore uint64
}

// readelfNotes reads the build-id and function__entry's location and
// semaphore from binutils' readelf -n, skipping when it is absent.
func readelfNotes(t *testing.T, path string) pythonNotes {
	t.Helper()
	readelf, err := exec.LookPath("readelf")
	if err != nil {
		t.Skip("readelf (binutils) not installed: it is the oracle for the note's numbers")
	}
	out, err := exec.Command(readelf, "-n", path).Output()
	if err != nil {
		t.Fatalf("readelf -n %s: %v", path, err)
	}
	var n pythonNotes
	lines := strings.Split(string(out), "\n")
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if id, ok := strings.CutPrefix(line, "Build ID: "); ok {
			n.buildID = id
		}
		if line == "Name: function__entry" && i+1 < len(lines) {
			// Location: 0x..., Base: 0x..., Semaphore: 0x...
			for _, field := range strings.Split(strings.TrimSpace(lines[i+1]), ", ") {
				key, val, _ := strings.Cut(field, ": ")
				v, err := strconv.ParseUint(strings.TrimPrefix(val, "0x"), 16, 64)
				if err != nil {
					t.Fatalf("readelf line %q: %v", lines[i+1], err)
				}
				switch key {
				case "Location":
					n.entryPC = v
				case "Semaphore":
					n.entrySemaphore = v
				}
			}
		}
	}
	if n.buildID == "" || n.entryPC == 0 || n.entrySemaphore == 0 {
		t.Fatalf("readelf -n %s: no build-id or function__entry note in\n%s", path, out)
	}
	return n
}

package uelf

import (
	"fmt"
	"strconv"
	"strings"
)

// Reg is a general-purpose register, numbered by its slot in the kernel's
// struct pt_regs, which is what a BPF program reads. The numbers are the
// architecture's: RegR15 ... RegSS on x86-64 (this file), RegX0 ...
// RegA64PSTATE on arm64 (args_a64.go); args_amd64.go and args_arm64.go
// say which the running one is, and so which syntax ParseArgs reads.
type Reg uint8

// x86-64 registers in struct pt_regs order; RegNone marks an absent
// operand.
const (
	RegR15 Reg = iota
	RegR14
	RegR13
	RegR12
	RegRBP
	RegRBX
	RegR11
	RegR10
	RegR9
	RegR8
	RegRAX
	RegRCX
	RegRDX
	RegRSI
	RegRDI
	RegOrigRAX
	RegRIP
	RegCS
	RegEFLAGS
	RegRSP
	RegSS
	RegNone Reg = 0xff
)

var regNamesAMD64 = [...]string{"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8",
	"rax", "rcx", "rdx", "rsi", "rdi", "orig_rax", "rip", "cs", "eflags", "rsp", "ss"}

func regNameAMD64(r Reg) string {
	if int(r) < len(regNamesAMD64) {
		return regNamesAMD64[r]
	}
	return "none"
}

// PtRegsOffset returns the byte offset of the register in struct pt_regs
// (8 times its slot on both x86-64 and arm64).
func (r Reg) PtRegsOffset() int { return int(r) * 8 }

// subReg is one spelling of a register in assembly.
type subReg struct {
	reg  Reg
	bits int
	high bool // %ah, %bh, %ch, %dh: bits 8-15
}

var asmRegs = func() map[string]subReg {
	m := map[string]subReg{"rip": {RegRIP, 64, false}}
	// The legacy eight: 64, 32, 16, low 8 (and high 8 for a-d).
	legacy := []struct {
		reg           Reg
		q, d, w, b, h string
	}{
		{RegRAX, "rax", "eax", "ax", "al", "ah"},
		{RegRBX, "rbx", "ebx", "bx", "bl", "bh"},
		{RegRCX, "rcx", "ecx", "cx", "cl", "ch"},
		{RegRDX, "rdx", "edx", "dx", "dl", "dh"},
		{RegRSI, "rsi", "esi", "si", "sil", ""},
		{RegRDI, "rdi", "edi", "di", "dil", ""},
		{RegRBP, "rbp", "ebp", "bp", "bpl", ""},
		{RegRSP, "rsp", "esp", "sp", "spl", ""},
	}
	for _, l := range legacy {
		m[l.q] = subReg{l.reg, 64, false}
		m[l.d] = subReg{l.reg, 32, false}
		m[l.w] = subReg{l.reg, 16, false}
		m[l.b] = subReg{l.reg, 8, false}
		if l.h != "" {
			m[l.h] = subReg{l.reg, 8, true}
		}
	}
	for i, r := range []Reg{RegR8, RegR9, RegR10, RegR11, RegR12, RegR13, RegR14, RegR15} {
		n := "r" + strconv.Itoa(8+i)
		m[n] = subReg{r, 64, false}
		m[n+"d"] = subReg{r, 32, false}
		m[n+"w"] = subReg{r, 16, false}
		m[n+"b"] = subReg{r, 8, false}
	}
	return m
}()

// asmNames spells each register of asmRegs back.
var asmNames = func() map[subReg]string {
	m := make(map[subReg]string, len(asmRegs))
	for n, r := range asmRegs {
		m[r] = n
	}
	return m
}()

// ArgKind is the form of a USDT argument operand.
type ArgKind uint8

const (
	// ArgReg: the value is in register Reg (RegBits wide, bits 8-15 if RegHigh).
	ArgReg ArgKind = iota + 1
	// ArgMem: the value is in memory; see Arg.Address.
	ArgMem
	// ArgConst: the value is the constant Const.
	ArgConst
)

func (k ArgKind) String() string {
	switch k {
	case ArgReg:
		return "reg"
	case ArgMem:
		return "mem"
	case ArgConst:
		return "const"
	}
	return "invalid"
}

// Arg is one decoded argument of a USDT probe ("-4@%edi", "8@-16(%rbp)",
// "8@$42", "4@x+8(%rip)", "8@(%rax,%rbx,8)").
type Arg struct {
	Size   int  // bytes: 1, 2, 4 or 8
	Signed bool // the size was written negative
	Kind   ArgKind

	Reg     Reg // ArgReg
	RegBits int
	RegHigh bool

	Base   Reg // ArgMem
	Index  Reg
	Scale  int
	Offset int64
	// Symbol is a symbolic displacement ("counter" in "counter(%rip)" or
	// "arr(,%rdi,4)"); SymbolValue is its ELF virtual address, filled in
	// when the probe is read from a File.
	Symbol      string
	SymbolValue uint64

	Const int64 // ArgConst
}

// Address computes the address of an ArgMem operand, given the load bias
// of the module (run-time address minus ELF virtual address) and the
// registers at the probe. It is the reference for what the BPF code
// fetching arguments does.
//
// Without a symbol the address is Offset + Base + Index*Scale. With one,
// the displacement is the symbol's run-time address plus Offset; a %rip
// base (RegPC) then only marks the addressing mode (the assembler turned
// the symbol into an offset from the next instruction, which is the same
// address), so it is not added.
func (a *Arg) Address(bias uint64, reg func(Reg) uint64) uint64 {
	addr := uint64(a.Offset)
	if a.Symbol != "" {
		addr += bias + a.SymbolValue
	}
	if a.Base != RegNone && !(a.Base == RegPC && a.Symbol != "") {
		addr += reg(a.Base)
	}
	if a.Index != RegNone {
		addr += reg(a.Index) * uint64(a.Scale)
	}
	return addr
}

// ParseArgs decodes the argument string of a stapsdt note of the
// architecture godtrace runs on: operands separated by spaces, each
// "[-]SIZE@OPERAND" in the assembler's syntax (AT&T on x86-64, "x1",
// "[sp, 16]" on arm64). An operand without a size is taken as a signed
// 8-byte value, as SystemTap does.
func ParseArgs(s string) ([]Arg, error) { return parseArgs(s, parseArg) }

func parseArgs(s string, parse func(string) (Arg, error)) ([]Arg, error) {
	var args []Arg
	for _, f := range operands(s) {
		a, err := parse(f)
		if err != nil {
			return nil, fmt.Errorf("usdt argument %q: %w", f, err)
		}
		args = append(args, a)
	}
	return args, nil
}

// operands splits a note's argument string at blanks outside brackets:
// an arm64 memory operand ("-4@[sp, 16]") has one inside.
func operands(s string) []string {
	var ops []string
	depth, start := 0, -1
	for i, c := range s {
		switch {
		case c == '[':
			depth++
		case c == ']':
			depth--
		case (c == ' ' || c == '\t' || c == '\n') && depth <= 0:
			if start >= 0 {
				ops = append(ops, s[start:i])
			}
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		ops = append(ops, s[start:])
	}
	return ops
}

// cutSize returns an argument of the size s starts with ("-4@"), 8 signed
// bytes if none, and the operand.
func cutSize(s string) (Arg, string) {
	a := Arg{Size: 8, Signed: true, Base: RegNone, Index: RegNone, Reg: RegNone}
	if sz, op, ok := strings.Cut(s, "@"); ok && isSize(sz) {
		n, _ := strconv.Atoi(sz)
		a.Signed = n < 0
		if n < 0 {
			n = -n
		}
		a.Size = n
		s = op
	}
	return a, s
}

// parseArgAMD64 reads one x86-64 operand, in AT&T syntax.
func parseArgAMD64(s string) (Arg, error) {
	a, s := cutSize(s)
	switch {
	case s == "":
		return a, fmt.Errorf("empty operand")
	case s[0] == '$':
		c, err := parseInt(s[1:])
		if err != nil {
			return a, fmt.Errorf("bad constant: %w", err)
		}
		a.Kind, a.Const = ArgConst, c
	case s[0] == '%':
		r, ok := asmRegs[s[1:]]
		if !ok || r.reg == RegRIP {
			return a, fmt.Errorf("unknown register %s", s)
		}
		a.Kind, a.Reg, a.RegBits, a.RegHigh = ArgReg, r.reg, r.bits, r.high
	default:
		if err := a.parseMem(s); err != nil {
			return a, err
		}
	}
	return a, nil
}

func isSize(s string) bool {
	switch s {
	case "1", "2", "4", "8", "-1", "-2", "-4", "-8":
		return true
	}
	return false
}

// parseMem decodes "disp(base,index,scale)", any part optional; disp is a
// number, a symbol, or symbol+number / symbol-number.
func (a *Arg) parseMem(s string) error {
	a.Kind = ArgMem
	disp, inner, paren := strings.Cut(s, "(")
	if paren {
		var ok bool
		if inner, ok = strings.CutSuffix(inner, ")"); !ok || strings.ContainsAny(inner, "()") {
			return fmt.Errorf("bad memory operand")
		}
	}
	if strings.Contains(disp, ":") {
		return fmt.Errorf("segment overrides are not supported")
	}
	if disp != "" {
		if err := a.parseDisp(disp); err != nil {
			return err
		}
	}
	if !paren {
		if disp == "" {
			return fmt.Errorf("empty memory operand")
		}
		return nil
	}
	parts := strings.Split(inner, ",")
	if len(parts) > 3 {
		return fmt.Errorf("bad memory operand")
	}
	reg := func(p string) (Reg, error) {
		r, ok := asmRegs[strings.TrimPrefix(p, "%")]
		if !strings.HasPrefix(p, "%") || !ok || r.bits < 32 || r.high {
			return RegNone, fmt.Errorf("bad address register %q", p)
		}
		return r.reg, nil
	}
	var err error
	if parts[0] != "" {
		if a.Base, err = reg(parts[0]); err != nil {
			return err
		}
	}
	if len(parts) >= 2 {
		if a.Index, err = reg(parts[1]); err != nil {
			return err
		}
		if a.Index == RegRIP || a.Index == RegRSP {
			return fmt.Errorf("bad index register %q", parts[1])
		}
		a.Scale = 1
	}
	if len(parts) == 3 {
		switch parts[2] {
		case "1", "2", "4", "8":
			a.Scale = int(parts[2][0] - '0')
		default:
			return fmt.Errorf("bad scale %q", parts[2])
		}
	}
	if a.Base == RegNone && a.Index == RegNone {
		return fmt.Errorf("memory operand without registers")
	}
	return nil
}

func (a *Arg) parseDisp(d string) error {
	if n, err := parseInt(d); err == nil {
		a.Offset = n
		return nil
	}
	sym, off := d, ""
	if i := strings.LastIndexAny(d, "+-"); i > 0 {
		sym, off = d[:i], d[i:]
	}
	if !isSymbol(sym) {
		return fmt.Errorf("bad displacement %q", d)
	}
	a.Symbol = sym
	if off != "" {
		n, err := parseInt(off)
		if err != nil {
			return fmt.Errorf("bad displacement %q", d)
		}
		a.Offset = n
	}
	return nil
}

func isSymbol(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for _, c := range []byte(s) {
		if !(c == '_' || c == '.' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// parseInt parses a decimal or 0x-hex integer with an optional sign.
func parseInt(s string) (int64, error) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '-' || s[0] == '+' {
		return 0, fmt.Errorf("bad number")
	}
	u, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// withSize writes operand op after the argument's size, as stapsdt
// writes an argument: "-4@op" for a signed 4-byte value.
func (a Arg) withSize(op string) string {
	sz := a.Size
	if a.Signed {
		sz = -sz
	}
	return strconv.Itoa(sz) + "@" + op
}

// stringAMD64 writes an x86-64 argument back in stapsdt syntax.
func (a Arg) stringAMD64() string {
	var op string
	switch a.Kind {
	case ArgConst:
		op = "$" + strconv.FormatInt(a.Const, 10)
	case ArgReg:
		op = "%" + asmNames[subReg{a.Reg, a.RegBits, a.RegHigh}]
	case ArgMem:
		if a.Symbol != "" {
			op = a.Symbol
			if a.Offset != 0 {
				op += fmt.Sprintf("%+d", a.Offset)
			}
		} else if a.Offset != 0 {
			op = strconv.FormatInt(a.Offset, 10)
		}
		if op == "" {
			op = "0"
		}
		if a.Base == RegNone && a.Index == RegNone {
			break // an absolute address
		}
		if op == "0" {
			op = ""
		}
		op += "("
		if a.Base != RegNone {
			op += "%" + regNameAMD64(a.Base)
		}
		if a.Index != RegNone {
			op += fmt.Sprintf(",%%%s,%d", regNameAMD64(a.Index), a.Scale)
		}
		op += ")"
	}
	return a.withSize(op)
}

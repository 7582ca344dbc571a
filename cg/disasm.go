package cg

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
)

// Slot names the storage of one D variable that lives at a fixed place:
// a global in the globals value or a clause-local in the this-> space.
type Slot struct {
	Name   string
	Local  bool // a this-> variable; else a global
	Offset int  // from the globals value, or from Layout.This
	Size   int
}

// WriteAsm writes the generated code as dtrace -S shows it, on the
// model of DTrace for Linux's listing: for each clause a heading naming
// the clause's probe description and its BPF function, then one line
// per instruction slot with its index, byte offset and raw encoding,
// the instruction, and after a "!" what it refers to (a branch target,
// a helper, a map, a variable or a string constant).
func (p *Program) WriteAsm(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range p.Clauses {
		fmt.Fprintf(bw, "\nDisassembly of clause %s, <%s>:\n", c.Desc, c.Stmt.Symbol())
		p.disassemble(bw, c.Stmt.Insns)
	}
	return bw.Flush()
}

// disasmPad is the column where annotations start.
const disasmPad = 30

// disassemble lists one clause's instructions.
func (p *Program) disassemble(w *bufio.Writer, insns asm.Instructions) {
	fmt.Fprintf(w, "%-4s %-5s  %-20s    %s\n", "INS", "OFF", "OPCODE", "INSTRUCTION")
	// Jumps and calls within the clause name their targets by symbol:
	// find where each symbol lands to print resolved offsets.
	at := map[string]int{}
	slot := 0
	for _, ins := range insns {
		if s := ins.Symbol(); s != "" {
			at[s] = slot
		}
		slot += int(ins.Width())
	}
	slot = 0
	var raw bytes.Buffer
	for i, ins := range insns {
		var target int
		hasTarget := false
		if ref := ins.Reference(); ref != "" && !ins.IsLoadFromMap() && !ins.IsConstantLoad(asm.DWord) {
			if to, ok := at[ref]; ok {
				target, hasTarget = to, true
				if ins.IsFunctionCall() || ins.OpCode == asm.Ja.Op(asm.ImmSource) && ins.OpCode.Class() == asm.Jump32Class {
					ins.Constant = int64(to - slot - 1)
				} else {
					ins.Offset = int16(to - slot - 1)
				}
			}
		}
		raw.Reset()
		if _, err := ins.Marshal(&raw, binary.LittleEndian); err != nil {
			fmt.Fprintf(w, "%04d %05d: %v\n", slot, slot*8, ins)
			slot += int(ins.Width())
			continue
		}
		b := raw.Bytes()
		prefix(w, slot, b)
		text, note := p.insnText(ins, insns, i)
		if ins.OpCode.Class().IsJump() && !hasTarget && ins.OpCode.JumpOp() != asm.Call && ins.OpCode.JumpOp() != asm.Exit {
			target, hasTarget = slot+1+int(ins.Offset), true
		}
		if hasTarget && !ins.IsFunctionCall() && text != "nop" {
			note = fmt.Sprintf("-> %04d", target)
		}
		writeInsn(w, text, note)
		if len(b) > 8 {
			// The second slot of a 64-bit immediate load.
			prefix(w, slot+1, b[8:])
			writeInsn(w, "", "")
		}
		slot += len(b) / 8
	}
}

// prefix writes an instruction slot's index, offset and raw fields.
func prefix(w *bufio.Writer, slot int, b []byte) {
	fmt.Fprintf(w, "%04d %05d: %02x %01x %01x %04x %08x    ",
		slot, slot*8, b[0], b[1]&0xf, b[1]>>4,
		binary.LittleEndian.Uint16(b[2:]), binary.LittleEndian.Uint32(b[4:]))
}

// writeInsn writes an instruction's text and its annotation.
func writeInsn(w *bufio.Writer, text, note string) {
	w.WriteString(text)
	if note != "" {
		w.WriteString(strings.Repeat(" ", max(disasmPad-len(text), 0)))
		w.WriteString("! ")
		w.WriteString(note)
	}
	w.WriteByte('\n')
}

var regNames = [...]string{"%r0", "%r1", "%r2", "%r3", "%r4", "%r5", "%r6", "%r7", "%r8", "%r9", "%fp"}

func regName(r asm.Register) string {
	if int(r) < len(regNames) {
		return regNames[r]
	}
	return fmt.Sprintf("%%r%d", r)
}

var aluNames = map[asm.ALUOp]string{
	asm.Add: "add", asm.Sub: "sub", asm.Mul: "mul", asm.Div: "div", asm.Or: "or", asm.And: "and",
	asm.LSh: "lsh", asm.RSh: "rsh", asm.Neg: "neg", asm.Mod: "mod", asm.Xor: "xor", asm.Mov: "mov",
	asm.ArSh: "arsh", asm.Swap: "end", asm.SDiv: "sdiv", asm.SMod: "smod",
	asm.MovSX8: "movs8", asm.MovSX16: "movs16", asm.MovSX32: "movs32",
}

var jumpNames = map[asm.JumpOp]string{
	asm.Ja: "ja", asm.JEq: "jeq", asm.JGT: "jgt", asm.JGE: "jge", asm.JSet: "jset", asm.JNE: "jne",
	asm.JSGT: "jsgt", asm.JSGE: "jsge", asm.JLT: "jlt", asm.JLE: "jle", asm.JSLT: "jslt", asm.JSLE: "jsle",
}

var sizeSuffix = map[asm.Size]string{asm.Byte: "b", asm.Half: "h", asm.Word: "w", asm.DWord: "dw"}

// insnText is the text of instruction i of insns and what it refers to.
func (p *Program) insnText(ins asm.Instruction, insns asm.Instructions, i int) (text, note string) {
	op := ins.OpCode
	switch cls := op.Class(); {
	case cls.IsALU():
		name := aluNames[op.ALUOp()]
		if cls == asm.ALUClass && !strings.HasPrefix(name, "mov") {
			name += "32"
		}
		switch {
		case op.ALUOp() == asm.Neg:
			return fmt.Sprintf("%-4s %s", name, regName(ins.Dst)), ""
		case op.ALUOp() == asm.Swap:
			return fmt.Sprintf("%-4s %s, %d", "be", regName(ins.Dst), ins.Constant), ""
		case op.Source() == asm.RegSource:
			return fmt.Sprintf("%-4s %s, %s", name, regName(ins.Dst), regName(ins.Src)), ""
		}
		text = fmt.Sprintf("%-4s %s, %d", name, regName(ins.Dst), ins.Constant)
		if op.ALUOp() == asm.Add && i > 0 {
			prev := insns[i-1]
			if prev.OpCode == asm.Mov.Op(asm.RegSource) && prev.Dst == ins.Dst && prev.Src == rStrtab {
				note = p.strAt(int(ins.Constant))
			} else if prev.OpCode == asm.Mov.Op(asm.RegSource) && prev.Dst == ins.Dst && prev.Src == rScratch {
				note = p.slotAt(rScratch, int(ins.Constant))
			}
		}
		return text, note
	case cls.IsJump():
		switch op.JumpOp() {
		case asm.Exit:
			return "exit", ""
		case asm.Call:
			switch {
			case ins.IsBuiltinCall():
				return "call " + helperName(asm.BuiltinFunc(ins.Constant)), ""
			case ins.IsKfuncCall():
				return fmt.Sprintf("call kfunc#%d", ins.Constant), ""
			case ins.Reference() != "":
				return "call " + ins.Reference(), ""
			}
			return fmt.Sprintf("call %d", ins.Constant), ""
		case asm.Ja:
			if ins.Offset == 0 && ins.Reference() == "" {
				return "nop", ""
			}
			return fmt.Sprintf("%-4s %d", "ja", ins.Offset), ""
		}
		name := jumpNames[op.JumpOp()]
		if cls == asm.Jump32Class {
			name += "32"
		}
		if op.Source() == asm.RegSource {
			return fmt.Sprintf("%-4s %s, %s, %d", name, regName(ins.Dst), regName(ins.Src), ins.Offset), ""
		}
		return fmt.Sprintf("%-4s %s, %d, %d", name, regName(ins.Dst), ins.Constant, ins.Offset), ""
	case cls == asm.LdClass && op.IsDWordLoad():
		if ins.IsLoadFromMap() {
			return fmt.Sprintf("%-4s %s, %s", "lddw", regName(ins.Dst), ins.Reference()), ""
		}
		return fmt.Sprintf("%-4s %s, %#x", "lddw", regName(ins.Dst), uint64(ins.Constant)), ""
	case cls == asm.LdXClass:
		return fmt.Sprintf("%-4s %s, [%s%+d]", "ld"+sizeSuffix[op.Size()], regName(ins.Dst), regName(ins.Src), ins.Offset),
			p.slotAt(ins.Src, int(ins.Offset))
	case cls == asm.StClass:
		return fmt.Sprintf("%-4s [%s%+d], %d", "st"+sizeSuffix[op.Size()], regName(ins.Dst), ins.Offset, ins.Constant),
			p.slotAt(ins.Dst, int(ins.Offset))
	case cls == asm.StXClass && op.Mode() == asm.AtomicMode:
		// bpfinsn.CmpXchg and FetchAdd carry their operation in the
		// immediate, the opcode's atomic operation left as add.
		name := strings.ToLower(op.AtomicOp().String())
		switch ins.Constant {
		case 0xf1: // BPF_CMPXCHG | BPF_FETCH
			name = "cmpxchg"
		case 0x01: // BPF_ADD | BPF_FETCH
			name = "fetchadd"
		}
		return fmt.Sprintf("%-4s [%s%+d], %s", name+sizeSuffix[op.Size()], regName(ins.Dst), ins.Offset, regName(ins.Src)),
			p.slotAt(ins.Dst, int(ins.Offset))
	case cls == asm.StXClass:
		return fmt.Sprintf("%-4s [%s%+d], %s", "st"+sizeSuffix[op.Size()], regName(ins.Dst), ins.Offset, regName(ins.Src)),
			p.slotAt(ins.Dst, int(ins.Offset))
	}
	return fmt.Sprintf("%v", ins), ""
}

// helperName is a helper's name as the kernel spells it: FnMapLookupElem
// is bpf_map_lookup_elem.
func helperName(fn asm.BuiltinFunc) string {
	s := strings.TrimPrefix(fn.String(), "Fn")
	var b strings.Builder
	b.WriteString("bpf")
	for i, r := range s {
		if unicode.IsUpper(r) || i == 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// strAt is the string constant at offset off of the string table.
func (p *Program) strAt(off int) string {
	if off < 0 || off >= len(p.Strtab) {
		return ""
	}
	s := p.Strtab[off:]
	if n := bytes.IndexByte(s, 0); n >= 0 {
		s = s[:n]
	}
	return fmt.Sprintf("%q", s)
}

// slotAt names the variable that base register r plus off addresses in
// a clause: the globals (R8) or the this-> space in the scratch (R7).
func (p *Program) slotAt(r asm.Register, off int) string {
	var local bool
	switch r {
	case rGlobals:
	case rScratch:
		if p.Layout == nil {
			return ""
		}
		local, off = true, off-p.Layout.This
	default:
		return ""
	}
	for _, s := range p.Slots {
		if s.Local == local && off >= s.Offset && off < s.Offset+s.Size {
			if local {
				return "this->" + s.Name
			}
			return s.Name
		}
	}
	if r == rScratch {
		return scratchField(off + p.Layout.This)
	}
	return ""
}

// scratchField names the machine-state fields of the scratch value.
func scratchField(off int) string {
	switch {
	case off == bpfrt.MstEPID:
		return "epid"
	case off == bpfrt.MstPRID:
		return "prid"
	case off >= int(bpfrt.MstArg(0)) && off < int(bpfrt.MstArg(bpfrt.NumArgs)):
		return fmt.Sprintf("arg%d", (off-int(bpfrt.MstArg(0)))/8)
	}
	return ""
}

package unwind

import (
	"bytes"
	"math"
)

// Call frame instructions (DW_CFA_*). The high two bits of an opcode
// hold the three primary ones, with an operand in the low six.
const (
	cfaAdvanceLoc        = 0x40
	cfaOffset            = 0x80
	cfaRestore           = 0xc0
	cfaNop               = 0x00
	cfaSetLoc            = 0x01
	cfaAdvanceLoc1       = 0x02
	cfaAdvanceLoc2       = 0x03
	cfaAdvanceLoc4       = 0x04
	cfaOffsetExtended    = 0x05
	cfaRestoreExtended   = 0x06
	cfaUndefined         = 0x07
	cfaSameValue         = 0x08
	cfaRegister          = 0x09
	cfaRememberState     = 0x0a
	cfaRestoreState      = 0x0b
	cfaDefCFA            = 0x0c
	cfaDefCFARegister    = 0x0d
	cfaDefCFAOffset      = 0x0e
	cfaDefCFAExpression  = 0x0f
	cfaExpression        = 0x10
	cfaOffsetExtendedSF  = 0x11
	cfaDefCFASF          = 0x12
	cfaDefCFAOffsetSF    = 0x13
	cfaValOffset         = 0x14
	cfaValOffsetSF       = 0x15
	cfaValExpression     = 0x16
	cfaGNUArgsSize       = 0x2e
	cfaGNUNegOffsetExtSF = 0x2f
)

// state is the unwinding rule in force at one point of an FDE.
type state struct {
	cfaReg   uint64
	cfaOff   int64
	cfaExpr  CFAKind // CFAPLT, CFASignal or CFAUnsupported for an expression; 0 for a register
	pltSplit uint8
	fp, ra   Rule
}

// row turns the state into the row at pc.
func (s *state) row(pc uint64) Row {
	r := Row{PC: pc, FP: s.fp, RA: s.ra}
	switch {
	case s.cfaExpr != 0:
		r.CFA = s.cfaExpr
		r.PLTSplit = s.pltSplit
	case s.cfaReg == regSP:
		r.CFA = CFASP
	case s.cfaReg == regFP:
		r.CFA = CFAFP
	default:
		r.CFA = CFAUnsupported
	}
	if r.CFA == CFASP || r.CFA == CFAFP || r.CFA == CFAPLT {
		if s.cfaOff < math.MinInt32 || s.cfaOff > math.MaxInt32 {
			r.CFA = CFAUnsupported
		} else {
			r.CFAOff = int32(s.cfaOff)
		}
	}
	if r.CFA == CFAUnsupported {
		r.FP, r.RA = Rule{}, Rule{}
	}
	if r.CFA == CFASignal {
		r.CFAOff, r.FP, r.RA = sigSP, Rule{AtCFA, sigFP}, Rule{AtCFA, sigIP}
	}
	return r
}

// The offsets from the stack pointer, in a signal handler's return
// trampoline (__restore_rt), of the interrupted code's registers in the
// ucontext the kernel pushed: uc_mcontext's rbp, rsp and rip.
const (
	sigFP = 120
	sigSP = 160
	sigIP = 168
)

// at makes an AtCFA rule, or Unsupported when the offset does not fit.
func at(off int64) Rule {
	if off < math.MinInt32 || off > math.MaxInt32 {
		return Rule{Kind: Unsupported}
	}
	return Rule{Kind: AtCFA, Off: int32(off)}
}

// run interprets the CIE's initial instructions and then the FDE's code,
// for [start, end), into rows. ehAddr is the address of .eh_frame, for
// DW_CFA_set_loc's pc-relative pointers. It fails on an instruction it
// does not know, whose operands it could not skip.
func run(c *cie, code []byte, start, end, ehAddr uint64) ([]Row, bool) {
	var s state
	init := state{}
	var rows []Row
	loc := start
	emit := func() {
		r := s.row(loc)
		if n := len(rows); n > 0 && rows[n-1].PC == loc {
			rows[n-1] = r
			return
		}
		rows = append(rows, r)
	}
	var stack []state
	prev := loc
	for pass, insns := range [][]byte{c.init, code} {
		if pass == 1 {
			init = s
		}
		b := buf{b: insns}
		for b.off < len(b.b) && b.err == nil {
			if loc < prev {
				return nil, false // set_loc backwards, or an overflow
			}
			prev = loc
			op := b.u8()
			switch op & 0xc0 {
			case cfaAdvanceLoc:
				emit()
				loc += uint64(op&0x3f) * c.codeAlign
				continue
			case cfaOffset:
				s.set(uint64(op&0x3f), at(int64(b.uleb())*c.dataAlign))
				continue
			case cfaRestore:
				s.restore(uint64(op&0x3f), &init)
				continue
			}
			switch op {
			case cfaNop:
			case cfaSetLoc:
				emit()
				loc = b.pointer(c.fdeEnc, ehAddr, 0)
			case cfaAdvanceLoc1:
				emit()
				loc += uint64(b.u8()) * c.codeAlign
			case cfaAdvanceLoc2:
				emit()
				loc += uint64(b.u16()) * c.codeAlign
			case cfaAdvanceLoc4:
				emit()
				loc += uint64(b.u32()) * c.codeAlign
			case cfaOffsetExtended:
				reg := b.uleb()
				s.set(reg, at(int64(b.uleb())*c.dataAlign))
			case cfaOffsetExtendedSF:
				reg := b.uleb()
				s.set(reg, at(b.sleb()*c.dataAlign))
			case cfaGNUNegOffsetExtSF:
				reg := b.uleb()
				s.set(reg, at(-int64(b.uleb())*c.dataAlign))
			case cfaRestoreExtended:
				s.restore(b.uleb(), &init)
			case cfaUndefined:
				s.set(b.uleb(), Rule{Kind: Undefined})
			case cfaSameValue:
				s.set(b.uleb(), Rule{Kind: Same})
			case cfaRegister:
				reg := b.uleb()
				b.uleb()
				s.set(reg, Rule{Kind: Unsupported})
			case cfaRememberState:
				if len(stack) > 64 {
					return nil, false
				}
				stack = append(stack, s)
			case cfaRestoreState:
				if len(stack) == 0 {
					return nil, false
				}
				s, stack = stack[len(stack)-1], stack[:len(stack)-1]
			case cfaDefCFA:
				s.cfaReg, s.cfaOff, s.cfaExpr = b.uleb(), int64(b.uleb()), 0
			case cfaDefCFASF:
				s.cfaReg, s.cfaExpr = b.uleb(), 0
				s.cfaOff = b.sleb() * c.dataAlign
			case cfaDefCFARegister:
				s.cfaReg, s.cfaExpr = b.uleb(), 0
			case cfaDefCFAOffset:
				s.cfaOff = int64(b.uleb())
			case cfaDefCFAOffsetSF:
				s.cfaOff = b.sleb() * c.dataAlign
			case cfaDefCFAExpression:
				s.cfaExpr, s.cfaOff, s.pltSplit = cfaExpr(b.bytes(int(min(b.uleb(), math.MaxInt32))))
			case cfaExpression, cfaValExpression:
				reg := b.uleb()
				expr := b.bytes(int(min(b.uleb(), math.MaxInt32)))
				s.set(reg, Rule{Kind: Unsupported})
				if op == cfaExpression && len(expr) > 0 && expr[0] == opBreg0+regSP {
					// A signal frame's registers, in the ucontext the
					// CFA expression found; row() knows where.
					s.setSignal(reg)
				}
			case cfaValOffset:
				reg := b.uleb()
				b.uleb()
				s.set(reg, Rule{Kind: Unsupported})
			case cfaValOffsetSF:
				reg := b.uleb()
				b.sleb()
				s.set(reg, Rule{Kind: Unsupported})
			case cfaGNUArgsSize:
				b.uleb()
			default:
				return nil, false
			}
		}
		if b.err != nil || loc < prev {
			return nil, false
		}
	}
	if loc < end {
		emit()
	}
	return rows, true
}

// set sets the rule of register reg, when unwinding tracks it.
func (s *state) set(reg uint64, r Rule) {
	switch reg {
	case regFP:
		s.fp = r
	case regRA:
		s.ra = r
	}
}

// setSignal marks register reg as saved in a signal frame: row() puts
// the ucontext's offsets in.
func (s *state) setSignal(reg uint64) {
	if reg == regFP || reg == regRA {
		s.set(reg, Rule{Kind: AtCFA})
	}
}

// restore gives register reg back the rule of the CIE's instructions.
func (s *state) restore(reg uint64, init *state) {
	switch reg {
	case regFP:
		s.fp = init.fp
	case regRA:
		s.ra = init.ra
	}
}

// DWARF expression operations the known CFA expressions use.
const (
	opBreg0 = 0x70
	opDeref = 0x06
	opLit0  = 0x30
	opAnd   = 0x1a
	opGe    = 0x2a
	opShl   = 0x24
	opPlus  = 0x22
)

// cfaExpr recognises the CFA expressions of code without a
// register-plus-offset rule: a PLT entry's (SP + off, plus 8 past the
// push, at a given offset into the 16-byte entry) and a signal frame's
// (the SP saved in the ucontext at SP + 160); any other is unsupported.
func cfaExpr(e []byte) (kind CFAKind, off int64, split uint8) {
	if bytes.Equal(e, []byte{opBreg0 + regSP, 0x80 | sigSP&0x7f, sigSP >> 7, opDeref}) {
		return CFASignal, 0, 0
	}
	b := buf{b: e}
	if b.u8() != opBreg0+regSP {
		return CFAUnsupported, 0, 0
	}
	off = b.sleb()
	tail := b.bytes(len(e) - b.off)
	// breg16 0; lit15; and; litN; ge; lit3; shl; plus
	if len(tail) != 9 || !bytes.Equal(tail[:4], []byte{0x80, 0x00, opLit0 + 15, opAnd}) ||
		tail[4] < opLit0 || tail[4] > opLit0+15 ||
		!bytes.Equal(tail[5:], []byte{opGe, opLit0 + 3, opShl, opPlus}) {
		return CFAUnsupported, 0, 0
	}
	return CFAPLT, off, tail[4] - opLit0
}

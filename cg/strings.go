package cg

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/token"
)

// The string code copies its operands into string scratch slots first:
// bpf_probe_read_kernel_str reads any string wherever it lives, and the
// bytes in a slot can then be walked with offsets the verifier bounds.

// toSlot copies the string R0 points to into a fresh scratch slot and
// returns the slot's offset from the scratch pointer; R0 is left with
// the helper's result, the length with the NUL.
func (g *gen) toSlot() int {
	off := g.strSlot()
	g.copyStr(rScratch, off)
	return off
}

// strcmp compares the strings of X (spilled) and R0 (Y) as strcmp does,
// leaving a negative, zero or positive R0.
func (g *gen) strcmp(n ast.Node) {
	b := g.toSlot()
	g.pop(asm.R0)
	a := g.toSlot()
	loop, diff, equal, done := g.label("scmp"), g.label("sdiff"), g.label("seq"), g.label("sdone")
	g.emit(asm.Mov.Imm(asm.R3, 0))
	g.setLabel(loop)
	g.emit(
		asm.JGE.Imm(asm.R3, int32(g.strbuf), equal),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, int16(a), asm.Byte),
		asm.LoadMem(asm.R4, asm.R4, int16(b), asm.Byte),
		asm.JNE.Reg(asm.R5, asm.R4, diff),
		asm.JEq.Imm(asm.R5, 0, equal),
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	g.setLabel(diff)
	g.emit(asm.Mov.Reg(asm.R0, asm.R5), asm.Sub.Reg(asm.R0, asm.R4), asm.Ja.Label(done))
	g.setLabel(equal)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.setLabel(done)
	g.emit(nop())
}

// strCompare generates a comparison of two strings.
func (g *gen) strCompare(e *ast.BinaryExpr) {
	g.expr(e.X)
	g.push(e)
	g.expr(e.Y)
	g.strcmp(e)
	g.emit(asm.Mov.Imm(asm.R1, 0))
	g.arith(e, e.Op, ctype.IntType)
}

// subr generates a call of a subroutine, its value left in R0.
func (g *gen) subr(call *ast.CallExpr) {
	id, _ := unparen(call.Fun).(*ast.Ident)
	if id == nil {
		g.unsupported(call, "call of an expression")
	}
	switch id.Name {
	case "strlen":
		g.expr(call.Args[0])
		g.toSlot()
		// The helper returns the length with the NUL, or a negative
		// error for an unreadable string, which gives 0.
		ok := g.label("slen")
		g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R0, 1))
		g.setLabel(ok)
		g.emit(asm.Sub.Imm(asm.R0, 1))
	case "strjoin":
		g.strjoin(call)
	case "alloca":
		ti := g.typeOf(call.Args[0])
		if !ti.Const || ti.Value <= 0 {
			g.unsupported(call, "alloca() of a size that is not a positive constant")
		}
		g.alloca(call, int(ti.Value))
	case "copyin":
		g.copyMem(call, call.Args[0], call.Args[1], nil, false)
	case "copyinto":
		g.copyMem(call, call.Args[0], call.Args[1], call.Args[2], false)
	case "bcopy":
		g.copyMem(call, call.Args[0], call.Args[2], call.Args[1], true)
	case "index", "rindex":
		var start ast.Expr
		if len(call.Args) > 2 {
			start = call.Args[2]
		}
		g.search(call, call.Args[0], call.Args[1], start, id.Name == "rindex")
	case "strtok":
		g.strtok(call)
	case "cleanpath":
		g.cleanpath(call)
	case "basename", "dirname":
		g.pathPart(call, id.Name == "dirname")
	case "d_path":
		g.dpath(call)
	case "strstr":
		a := g.search(call, call.Args[0], call.Args[1], nil, false)
		none, done := g.label("strstrnone"), g.label("strstrdone")
		g.emit(
			asm.JSLT.Imm(asm.R0, 0, none),
			asm.JGE.Imm(asm.R0, int32(g.strbuf), none),
			asm.Add.Reg(asm.R0, rScratch),
			asm.Add.Imm(asm.R0, int32(a)),
			asm.Ja.Label(done),
		)
		g.setLabel(none)
		g.strConst("")
		g.setLabel(done)
		g.emit(nop())
	case "inet_ntoa", "inet_ntoa6", "inet_ntop":
		g.inetSubr(call)
	case "getmajor":
		g.expr(call.Args[0])
		g.emit(asm.RSh.Imm(asm.R0, minorBits))
		g.normalize(asm.R0, g.typeOf(call).Type)
	case "getminor":
		g.expr(call.Args[0])
		g.emit(asm.And.Imm(asm.R0, 1<<minorBits-1))
	case "copyinstr":
		g.copyinstr(call)
	case "sym", "func", "mod", "usym", "ufunc", "uaddr", "umod":
		// The value is the address; the record's kind prints it.
		g.expr(call.Args[0])
	case "strchr", "strrchr":
		g.strchr(call, id.Name == "strrchr")
	case "substr":
		g.substr(call)
	case "toupper", "tolower":
		g.expr(call.Args[0])
		g.changeCase(id.Name == "toupper")
	case "lltostr":
		if len(call.Args) > 1 {
			g.unsupported(call, "lltostr() with a base")
		}
		g.expr(call.Args[0])
		g.normalize(asm.R0, ctype.LongType)
		g.itoa()
	case "htons", "ntohs", "htonl", "ntohl", "htonll", "ntohll":
		g.expr(call.Args[0])
		size := map[byte]asm.Size{'s': asm.Half, 'l': asm.Word}[id.Name[len(id.Name)-1]]
		if strings.HasSuffix(id.Name, "ll") {
			size = asm.DWord
		}
		g.emit(asm.HostTo(asm.BE, asm.R0, size))
	case "rand":
		g.emit(asm.FnGetPrandomU32.Call())
		g.normalize(asm.R0, ctype.IntType)
	case "progenyof":
		g.progenyof(call)
	case "speculation":
		g.speculation()
	case "mutex_owned", "mutex_owner", "mutex_type_adaptive", "mutex_type_spin", "rw_read_held", "rw_write_held", "rw_iswriter":
		g.lockSubr(call, id.Name)
	case "copyout":
		g.copyout(call)
	case "copyoutstr":
		g.copyoutstr(call)
	default:
		g.unsupported(call, fmt.Sprintf("subroutine %s()", id.Name))
	}
}

// strjoin concatenates two strings into a scratch slot, truncated to
// strsize-1 characters.
func (g *gen) strjoin(call *ast.CallExpr) {
	g.expr(call.Args[1])
	g.push(call)
	g.expr(call.Args[0])
	s := g.toSlot()
	ok := g.label("sjoin")
	// R0 = length of the first string, bounded for the verifier.
	g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R0, 1))
	g.setLabel(ok)
	g.emit(
		asm.Sub.Imm(asm.R0, 1),
		asm.And.Imm(asm.R0, int32(pow2Mask(g.strbuf))),
	)
	end := g.label("sjend")
	g.emit(asm.JGE.Imm(asm.R0, int32(g.strbuf-1), end))
	g.pop(asm.R3)
	g.emit(
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(s)),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R2, int32(g.strbuf)),
		asm.Sub.Reg(asm.R2, asm.R0),
		asm.FnProbeReadKernelStr.Call(),
	)
	// The other path leaves the second string spilled: a spill slot
	// needs no popping at run time.
	g.setLabel(end)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(s)))
}

// copyinstr copies the user string at the address of its argument into
// a scratch slot, at most its second argument bytes, faulting with the
// address when it cannot be read.
func (g *gen) copyinstr(call *ast.CallExpr) {
	size := int32(g.strbuf)
	if len(call.Args) > 1 {
		ti := g.typeOf(call.Args[1])
		if !ti.Const {
			g.unsupported(call, "copyinstr() with a variable size")
		}
		size = int32(min(max(ti.Value+1, 1), int64(g.strbuf)))
	}
	g.expr(call.Args[0])
	g.copyinStr(call, size)
}

// copyinStr copies the user string at the address in R0 into a scratch
// slot, at most size bytes with the NUL, faulting with the address when
// it cannot be read, and points R0 at the copy.
func (g *gen) copyinStr(n ast.Node, size int32) {
	g.push(n)
	off := g.strSlot()
	ok := g.label("cpin")
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, size),
		asm.FnProbeReadUserStr.Call(),
	)
	g.pop(asm.R1)
	g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R1))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// stringof converts to a string: a string stays itself, and a char
// array, pointer or integer becomes the string at its address, copied
// from kernel memory into a scratch slot.
func (g *gen) stringof(e *ast.StringofExpr) {
	t := g.expr(e.X)
	if isStr(t) {
		return
	}
	// An integer is an address too, as in DTrace: stringof(123) reads
	// nothing and gives the empty string (the helper zeroes the slot
	// when it cannot read).
	if k := ctype.Resolve(t).Kind; k != ctype.Array && k != ctype.Pointer && !ctype.IsInteger(t) {
		g.unsupported(e, "stringof of "+t.String())
	}
	off := g.toSlot()
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// strchr points R0 at the first (or, with last, the last) occurrence of
// the character of its second argument in the string of its first,
// within a scratch copy; the empty string when there is none. Both scan
// towards the occurrence and stop there: a scan that only remembered the
// last match would give the verifier a state per position.
func (g *gen) strchr(call *ast.CallExpr, last bool) {
	g.expr(call.Args[1])
	g.push(call)
	g.expr(call.Args[0])
	off := g.toSlot()
	loop, next, none, done := g.label("chr"), g.label("chrnext"), g.label("chrnone"), g.label("chrdone")
	if last {
		// R3 = the length, bounded for the verifier, to scan back from.
		ok := g.label("chrlen")
		g.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.JSGT.Imm(asm.R3, 0, ok), asm.Mov.Imm(asm.R3, 1))
		g.setLabel(ok)
		g.emit(asm.Sub.Imm(asm.R3, 1), asm.And.Imm(asm.R3, int32(pow2Mask(g.strbuf))))
	} else {
		g.emit(asm.Mov.Imm(asm.R3, 0))
	}
	g.pop(asm.R1)
	g.emit(asm.And.Imm(asm.R1, 0xff))
	g.setLabel(loop)
	if last {
		g.emit(asm.JEq.Imm(asm.R3, 0, none), asm.Sub.Imm(asm.R3, 1))
	}
	g.emit(
		asm.JGE.Imm(asm.R3, int32(g.strbuf), none),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, int16(off), asm.Byte),
		asm.JNE.Reg(asm.R5, asm.R1, next),
		asm.Mov.Reg(asm.R0, asm.R4),
		asm.Add.Imm(asm.R0, int32(off)),
		asm.Ja.Label(done),
	)
	g.setLabel(next)
	if last {
		g.emit(asm.Ja.Label(loop))
	} else {
		g.emit(asm.JEq.Imm(asm.R5, 0, none), asm.Add.Imm(asm.R3, 1), asm.Ja.Label(loop))
	}
	g.setLabel(none)
	g.strConst("")
	g.setLabel(done)
	g.emit(nop())
}

// substr copies the part of a string that substr(s, index[, length])
// names into a scratch slot: a negative index counts from the end, and
// the part is clipped to the string.
func (g *gen) substr(call *ast.CallExpr) {
	if len(call.Args) > 2 {
		if ti := g.typeOf(call.Args[2]); !ti.Const || ti.Value < 0 {
			g.unsupported(call, "substr() with a length that is not a constant at least 0")
		}
	}
	g.expr(call.Args[1])
	g.normalize(asm.R0, ctype.LongType)
	g.push(call)
	g.expr(call.Args[0])
	src := g.toSlot()
	// R0 = the length, bounded for the verifier.
	ok := g.label("sublen")
	g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R0, 1))
	g.setLabel(ok)
	g.emit(asm.Sub.Imm(asm.R0, 1), asm.And.Imm(asm.R0, int32(pow2Mask(g.strbuf))))
	g.pop(asm.R1) // the index
	pos, clip, count := g.label("subpos"), g.label("subclip"), g.label("subcount")
	g.emit(
		asm.JSGE.Imm(asm.R1, 0, pos),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.JSGE.Imm(asm.R1, 0, pos),
		asm.Mov.Imm(asm.R1, 0),
	)
	g.setLabel(pos)
	g.emit(asm.JSLE.Reg(asm.R1, asm.R0, clip), asm.Mov.Reg(asm.R1, asm.R0))
	g.setLabel(clip)
	// R2 = the number of characters: the rest of the string, or less.
	g.emit(asm.Mov.Reg(asm.R2, asm.R0), asm.Sub.Reg(asm.R2, asm.R1))
	if len(call.Args) > 2 {
		n := g.typeOf(call.Args[2]).Value
		g.loadConst(asm.R3, n)
		g.emit(asm.JLE.Reg(asm.R2, asm.R3, count), asm.Mov.Reg(asm.R2, asm.R3))
	}
	g.setLabel(count)
	dst := g.strSlot()
	// The bounds checks only prove to the verifier what the clipping
	// above ensures; the empty path is not taken.
	empty, done := g.label("subempty"), g.label("subdone")
	g.emit(
		asm.JGE.Imm(asm.R1, int32(g.strbuf), empty),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), empty),
		asm.Add.Imm(asm.R2, 1),
		asm.Mov.Reg(asm.R3, rScratch),
		asm.Add.Imm(asm.R3, int32(src)),
		asm.Add.Reg(asm.R3, asm.R1),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(dst)),
		asm.FnProbeReadKernelStr.Call(),
		asm.Ja.Label(done),
	)
	g.setLabel(empty)
	g.emit(asm.StoreImm(rScratch, int16(dst), 0, asm.Byte))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(dst)))
}

// changeCase copies the string R0 points to into a scratch slot with its
// letters changed to upper (or lower) case, leaving R0 pointing at it.
func (g *gen) changeCase(upper bool) {
	off := g.toSlot()
	lo, hi := int32('a'), int32('z')
	if !upper {
		lo, hi = 'A', 'Z'
	}
	loop, next, done := g.label("case"), g.label("casenext"), g.label("casedone")
	g.emit(asm.Mov.Imm(asm.R3, 0))
	g.setLabel(loop)
	g.emit(
		asm.JGE.Imm(asm.R3, int32(g.strbuf), done),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, int16(off), asm.Byte),
		asm.JEq.Imm(asm.R5, 0, done),
		asm.JLT.Imm(asm.R5, lo, next),
		asm.JGT.Imm(asm.R5, hi, next),
		asm.Xor.Imm(asm.R5, 0x20),
		asm.StoreMem(asm.R4, int16(off), asm.R5, asm.Byte),
	)
	g.setLabel(next)
	g.emit(asm.Add.Imm(asm.R3, 1), asm.Ja.Label(loop))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// itoa converts the signed integer in R0 to its decimal string in a
// scratch slot, leaving R0 pointing at it. The digits are written from
// the end of a first slot backwards, then the string is copied to the
// start of a second one.
func (g *gen) itoa() {
	buf := g.strSlot()
	const end = 21 // a NUL after 20 digits and a sign
	loop, pos, sign := g.label("itoa"), g.label("itoapos"), g.label("itoasign")
	g.emit(
		asm.StoreImm(rScratch, int16(buf+end), 0, asm.Byte),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Imm(asm.R4, 0),
		asm.JSGE.Imm(asm.R3, 0, pos),
		asm.Neg.Imm(asm.R3, 0),
		asm.Mov.Imm(asm.R4, 1),
	)
	g.setLabel(pos)
	g.emit(asm.Mov.Imm(asm.R5, end))
	g.setLabel(loop)
	g.emit(
		asm.Sub.Imm(asm.R5, 1),
		asm.Mov.Reg(asm.R1, asm.R3),
		asm.Mod.Imm(asm.R1, 10),
		asm.Add.Imm(asm.R1, '0'),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Reg(asm.R2, asm.R5),
		asm.StoreMem(asm.R2, int16(buf), asm.R1, asm.Byte),
		asm.Div.Imm(asm.R3, 10),
		asm.JEq.Imm(asm.R3, 0, sign),
		asm.JGT.Imm(asm.R5, 1, loop),
	)
	g.setLabel(sign)
	done := g.label("itoadone")
	g.emit(
		asm.JEq.Imm(asm.R4, 0, done),
		asm.Sub.Imm(asm.R5, 1),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Reg(asm.R2, asm.R5),
		asm.StoreImm(asm.R2, int16(buf), '-', asm.Byte),
	)
	g.setLabel(done)
	g.emit(
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Imm(asm.R0, int32(buf)),
		asm.Add.Reg(asm.R0, asm.R5),
	)
	off := g.toSlot()
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// minorBits is the width of the minor number in the kernel's dev_t
// (MINORBITS), what getmajor() and getminor() split it at.
const minorBits = 20

// pow2Mask returns the smallest all-ones mask covering n-1, which bounds
// an offset into a string of n bytes for the verifier.
func pow2Mask(n int) int {
	m := 1
	for m < n {
		m <<= 1
	}
	return m - 1
}

// isStrCompare reports whether e compares two strings.
func isStrCompare(op token.Kind) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

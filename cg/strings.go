package cg

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// The string code copies its operands into string scratch slots first:
// bpf_probe_read_kernel_str reads any string wherever it lives, and the
// bytes in a slot can then be walked with offsets the verifier bounds.

// toSlot copies the string R0 points to into a fresh scratch slot and
// returns the slot's offset from the scratch pointer; R0 is left with
// the helper's result, the length with the NUL.
func (g *gen) toSlot() int {
	g.notNull()
	off := g.strSlot()
	g.copyStr(rScratch, off)
	return off
}

// notNull faults with "invalid address (0)" when R0 is a NULL string,
// as DTrace does wherever a string's characters are read.
func (g *gen) notNull() {
	ok := g.label("notnull")
	g.emit(asm.JNE.Imm(asm.R0, 0, ok))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(nop())
}

// strcmp compares the strings of X (spilled) and R0 (Y) as strcmp does,
// leaving a negative, zero or positive R0. The characters are compared
// in an open-coded bpf_iter_num loop (see search.go): a loop the verifier
// unrolled would leave it a branch to explore per character, and a
// clause of a dozen comparisons past its limit of pending branches.
func (g *gen) strcmp(n ast.Node) {
	b := g.toSlot()
	g.pop(asm.R0)
	a := g.toSlot()
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(n, err)
	}
	if g.c.depth+2 > maxDepth {
		g.tooComplex(n)
	}
	// Two stack words: the iterator, then the result.
	it, res := int16(-8*(g.c.depth+2)), int16(-8*(g.c.depth+1))
	loop, end := g.label("scmp"), g.label("scmpend")
	g.emit(bpfrt.StoreImm64(asm.RFP, res, 0))
	g.iterLoop(kf, it, int32(g.strbuf), loop, end)
	g.emit(
		asm.LoadMem(asm.R3, asm.R0, 0, asm.Word),
		asm.JGE.Imm(asm.R3, int32(g.strbuf), end),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, int16(a), asm.Byte),
		asm.LoadMem(asm.R4, asm.R4, int16(b), asm.Byte),
	)
	diff := g.label("scmpdiff")
	g.emit(
		asm.JNE.Reg(asm.R5, asm.R4, diff),
		asm.JEq.Imm(asm.R5, 0, end),
		asm.Ja.Label(loop),
	)
	g.setLabel(diff)
	g.emit(asm.Sub.Reg(asm.R5, asm.R4), asm.StoreMem(asm.RFP, res, asm.R5, asm.DWord))
	g.setLabel(end)
	g.iterDestroy(kf, it)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, res, asm.DWord))
}

// strCompare generates a comparison of two strings. As in DTrace, a NULL
// string compares as its address: equal to NULL, below any other.
func (g *gen) strCompare(e *ast.BinaryExpr) {
	g.expr(e.X)
	g.push(e)
	g.expr(e.Y)
	null, done := g.label("scmpnull"), g.label("scmpdone")
	g.emit(
		asm.LoadMem(asm.R1, asm.RFP, int16(-8*g.c.depth), asm.DWord),
		asm.JEq.Imm(asm.R0, 0, null),
		asm.JEq.Imm(asm.R1, 0, null),
	)
	g.strcmp(e)
	g.emit(asm.Mov.Imm(asm.R1, 0), asm.Ja.Label(done))
	// R1 = X and R0 = Y, one of them NULL: each becomes 0 for NULL and 1
	// for an address, which compare as the addresses do. X stays spilled:
	// a spill slot needs no popping at run time.
	g.setLabel(null)
	x0, y0 := g.label("scmpx0"), g.label("scmpy0")
	g.emit(
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Mov.Imm(asm.R0, 0),
		asm.JEq.Imm(asm.R1, 0, x0),
		asm.Mov.Imm(asm.R0, 1),
	)
	g.setLabel(x0)
	g.emit(asm.Mov.Imm(asm.R1, 0), asm.JEq.Imm(asm.R2, 0, y0), asm.Mov.Imm(asm.R1, 1))
	g.setLabel(y0)
	g.setLabel(done)
	g.emit(nop())
	g.arith(e, e.Op, ctype.IntType)
}

// isStrIndex reports whether e is s[i] of a string s.
func (g *gen) isStrIndex(e *ast.IndexExpr) bool {
	x := g.info.Types[e.X]
	return len(e.Index) == 1 && x != nil && isStr(x.Type) && !isStr(g.typeOf(e).Type)
}

// strIndex loads s[i], the character at s + i, read where the string is
// and faulting at an address it cannot read (a NULL string's), as
// DTrace does.
func (g *gen) strIndex(e *ast.IndexExpr) {
	g.strCharAddr(e)
	g.loadKernel(e, g.typeOf(e).Type)
}

// strCharAddr sets R0 to s + i for s[i], the address of the character
// wherever the string is.
func (g *gen) strCharAddr(e *ast.IndexExpr) {
	g.expr(e.X)
	// A plain number, as in s + i (strOffset): the verifier allows no
	// unbounded offset to a map value pointer.
	g.forget(asm.R0, 0)
	g.push(e)
	g.exprAs(e.Index[0], ctype.LongType, true)
	g.pop(asm.R1)
	g.emit(asm.Add.Reg(asm.R0, asm.R1))
}

// strOffset generates a string plus or minus an integer: the string that
// many characters further (DTrace's pointer arithmetic on strings).
func (g *gen) strOffset(e *ast.BinaryExpr, xt, yt *ctype.Type) {
	operand := func(x ast.Expr, t *ctype.Type) {
		g.expr(x)
		if isStr(t) {
			g.forget(asm.R0, 0)
		} else {
			g.normalize(asm.R0, ctype.LongType)
		}
	}
	operand(e.X, xt)
	g.push(e)
	operand(e.Y, yt)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	if e.Op == token.ADD {
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
	} else {
		g.emit(asm.Sub.Reg(asm.R0, asm.R1))
	}
}

// subr generates a call of a subroutine, its value left in R0.
func (g *gen) subr(call *ast.CallExpr) {
	id, _ := ast.Unparen(call.Fun).(*ast.Ident)
	if id == nil {
		g.unsupported(call, "call of an expression")
	}
	switch id.Name {
	case "strlen":
		g.expr(call.Args[0])
		g.toSlot()
		// The helper returns the length with the NUL, or a negative
		// error for an unreadable string, which gives 0.
		g.strLen()
	case "strjoin":
		g.strjoin(call)
	case "alloca":
		if ti := g.typeOf(call.Args[0]); constSize(call, ti) {
			g.alloca(call, int(ti.Value))
		} else {
			g.expr(call.Args[0])
			g.allocaDyn(call)
		}
		// A D pointer like any other: arithmetic on it is then only
		// arithmetic, which the verifier refuses on map pointers.
		g.forget(asm.R0, 0)
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
		// No occurrence gives NULL, as in DTrace.
		g.setLabel(none)
		g.emit(asm.Mov.Imm(asm.R0, 0))
		g.setLabel(done)
		g.emit(nop())
	case "inet_ntoa", "inet_ntoa6", "inet_ntop":
		g.inetSubr(call)
	case "link_ntop":
		g.linkNtop(call)
	case "getmajor":
		// The kernel's dev_t is 32 bits: the rest of the argument is
		// not part of the major number.
		g.expr(call.Args[0])
		g.emit(asm.Mov.Reg32(asm.R0, asm.R0), asm.RSh.Imm(asm.R0, minorBits))
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
		g.lltostr(call)
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
	case "ddi_pathname", "msgdsize", "msgsize":
		// Solaris subroutines, which DTrace for Linux declares and
		// refuses to generate.
		g.failTag(call, diag.D_FUNC_UNDEF, fmt.Errorf("unimplemented subroutine: %s", id.Name))
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
	// R0 = length of the first string, bounded for the verifier.
	g.strLen()
	g.emit(
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
// a scratch slot, at most its second argument bytes with the NUL (and at
// most strsize), faulting with the address when it cannot be read.
func (g *gen) copyinstr(call *ast.CallExpr) {
	if len(call.Args) < 2 {
		g.expr(call.Args[0])
		g.copyinStr(call, nil)
		return
	}
	// As in DTrace, the size counts the NUL (copyinstr(a, 8) keeps 7
	// characters) and is at most strsize.
	if ti := g.typeOf(call.Args[1]); ti.Const {
		size := min(max(ti.Value, 1), int64(g.strbuf-1))
		g.expr(call.Args[0])
		g.copyinStr(call, func() { g.emit(asm.Mov.Imm(asm.R2, int32(size))) })
		return
	}
	g.expr(call.Args[1])
	g.push(call)
	g.expr(call.Args[0])
	g.copyinStr(call, func() {
		// R2 = the size with the NUL, within 1 and strsize.
		all, done := g.label("cpinall"), g.label("cpinsize")
		g.pop(asm.R2)
		g.emit(
			asm.JGE.Imm(asm.R2, int32(g.strbuf-1), all),
			asm.JNE.Imm(asm.R2, 0, done),
			asm.Mov.Imm(asm.R2, 1),
			asm.Ja.Label(done),
		)
		g.setLabel(all)
		g.emit(asm.Mov.Imm(asm.R2, int32(g.strbuf-1)))
		g.setLabel(done)
		g.emit(nop())
	})
}

// copyinStr copies the user string at the address in R0 into a scratch
// slot, at most the size with the NUL that size sets R2 to (strsize+1
// when nil), faulting with the address when it cannot be read, and
// points R0 at the copy. size may pop what was pushed before the address.
func (g *gen) copyinStr(n ast.Node, size func()) {
	g.emit(asm.Mov.Reg(asm.R3, asm.R0))
	if size == nil {
		g.emit(asm.Mov.Imm(asm.R2, int32(g.strbuf)))
	} else {
		size()
	}
	g.emit(asm.Mov.Reg(asm.R0, asm.R3))
	g.push(n)
	off := g.strSlot()
	ok := g.label("cpin")
	g.emit(
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.FnProbeReadUserStr.Call(),
	)
	g.pop(asm.R1)
	g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R1))
	g.copyFault()
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
// within a scratch copy; NULL when there is none, as in DTrace. Both scan
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
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.setLabel(done)
	g.emit(nop())
}

// substr copies the part of a string that substr(s, index[, length])
// names into a scratch slot, as DTrace does: a negative index counts from
// the end (and what lies before the start shortens the length), a
// negative length leaves that many characters off the end, and the part
// is clipped to the string and to strsize.
func (g *gen) substr(call *ast.CallExpr) {
	g.exprAs(call.Args[1], ctype.IntType, true)
	g.push(call)
	if len(call.Args) > 2 {
		g.exprAs(call.Args[2], ctype.IntType, true)
		g.push(call)
	}
	g.expr(call.Args[0])
	src := g.toSlot()
	// R0 = the length, bounded for the verifier.
	g.strLen()
	g.emit(asm.And.Imm(asm.R0, int32(pow2Mask(g.strbuf))))
	// R2 = the count, R1 = the index.
	if len(call.Args) > 2 {
		g.pop(asm.R2)
	} else {
		g.emit(asm.Mov.Imm(asm.R2, int32(g.strbuf-1)))
	}
	g.pop(asm.R1)
	empty, done := g.label("subempty"), g.label("subdone")
	idx, cnt, copy := g.label("subidx"), g.label("subcnt"), g.label("subcopy")
	g.emit(
		asm.JSGE.Imm(asm.R1, 0, idx),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.JSGE.Imm(asm.R1, 0, idx),
		// Before the start: the count is what reaches into the string.
		asm.Add.Reg(asm.R2, asm.R1),
		asm.JSLE.Imm(asm.R2, 0, empty),
		asm.Mov.Imm(asm.R1, 0),
	)
	g.setLabel(idx)
	g.emit(
		asm.JSGE.Reg(asm.R1, asm.R0, empty),
		asm.JSGE.Imm(asm.R2, 0, cnt),
		// A negative count leaves characters off the end.
		asm.Add.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.JSLE.Imm(asm.R2, 0, empty),
	)
	g.setLabel(cnt)
	g.emit(
		asm.JLE.Imm(asm.R2, int32(g.strbuf-1), copy),
		asm.Mov.Imm(asm.R2, int32(g.strbuf-1)),
	)
	g.setLabel(copy)
	dst := g.strSlot()
	// The bounds checks only prove to the verifier what the tests above
	// ensure; they are not taken.
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

// lltostrDigits is the room lltostr() needs: 64 binary digits, a
// prefix of two characters and the NUL.
const lltostrDigits = 67

// lltostr converts lltostr()'s integer to its digits in the base of its
// second argument (10 without one) into a scratch slot. As in DTrace, a
// base outside 2-36 faults with "illegal operation", only base 10 has a
// sign (other bases show the 64-bit pattern), base 16 numbers start with
// 0x and base 8 ones with 0, and letters are lower case. The digits are
// written backwards from the end of a buffer on the stack, then copied
// to a scratch slot, which bounds them by strsize.
func (g *gen) lltostr(call *ast.CallExpr) {
	constBase := int64(10)
	if len(call.Args) > 1 {
		ti := g.typeOf(call.Args[1])
		constBase = ti.Value
		if !ti.Const || ti.Value < 2 || ti.Value > 36 {
			constBase = 0
			g.exprAs(call.Args[1], ctype.IntType, true)
			bad, ok := g.label("basebad"), g.label("baseok")
			g.emit(
				asm.JSLT.Imm(asm.R0, 2, bad),
				asm.JSLE.Imm(asm.R0, 36, ok),
			)
			g.setLabel(bad)
			g.fault(bpfrt.FaultIllOp)
			g.setLabel(ok)
			g.emit(nop())
			g.push(call)
		}
	}
	g.exprAs(call.Args[0], ctype.LongType, true)
	// R3 = the value, R4 = the base, R5 = the position of the last digit
	// written; the value as given is spilled for the prefixes.
	g.emit(asm.Mov.Reg(asm.R3, asm.R0))
	if constBase == 0 {
		g.pop(asm.R4)
	} else {
		g.emit(asm.Mov.Imm(asm.R4, int32(constBase)))
	}
	// The original value, for the prefixes and the sign.
	g.emit(asm.Mov.Reg(asm.R0, asm.R3))
	g.push(call)
	// The digits are built on the stack, below the spilled values.
	words := (lltostrDigits + 7) / 8
	if g.c.depth+words > maxDepth {
		g.tooComplex(call)
	}
	buf := -8 * (g.c.depth + words)
	end := lltostrDigits - 1
	loop, digit, pos, done := g.label("ltoa"), g.label("ltoadigit"), g.label("ltoapos"), g.label("ltoadone")
	g.emit(
		asm.StoreImm(asm.RFP, int16(buf+end), 0, asm.Byte),
		asm.JNE.Imm(asm.R4, 10, pos),
		asm.JSGE.Imm(asm.R3, 0, pos),
		asm.Neg.Imm(asm.R3, 0),
	)
	g.setLabel(pos)
	g.emit(asm.Mov.Imm(asm.R5, int32(end)))
	g.setLabel(loop)
	g.emit(
		asm.JEq.Imm(asm.R3, 0, done),
		asm.JLE.Imm(asm.R5, 2, done),
		asm.Sub.Imm(asm.R5, 1),
		asm.Mov.Reg(asm.R1, asm.R3),
		asm.Mod.Reg(asm.R1, asm.R4),
		asm.Add.Imm(asm.R1, '0'),
		asm.JLE.Imm(asm.R1, '9', digit),
		asm.Add.Imm(asm.R1, 'a'-'9'-1),
	)
	g.setLabel(digit)
	g.emit(
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Reg(asm.R2, asm.R5),
		asm.StoreMem(asm.R2, int16(buf), asm.R1, asm.Byte),
		asm.Div.Reg(asm.R3, asm.R4),
		asm.Ja.Label(loop),
	)
	g.setLabel(done)
	g.pop(asm.R3)
	// prefix writes c before the digits when the code before it does
	// not jump to skip.
	prefix := func(c byte, skip string) {
		g.emit(
			asm.Sub.Imm(asm.R5, 1),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Reg(asm.R2, asm.R5),
			asm.StoreImm(asm.R2, int16(buf), int64(c), asm.Byte),
		)
		g.setLabel(skip)
		g.emit(nop())
	}
	// 0 in base 16 is 0x0.
	hexZero, hex, zero, sign := g.label("ltoahex0"), g.label("ltoahex"), g.label("ltoazero"), g.label("ltoasign")
	g.emit(asm.JNE.Imm(asm.R3, 0, hexZero), asm.JNE.Imm(asm.R4, 16, hexZero))
	prefix('0', hexZero)
	g.emit(asm.JNE.Imm(asm.R4, 16, hex))
	prefix('x', hex)
	isZero := g.label("ltoaiszero")
	g.emit(
		asm.JEq.Imm(asm.R3, 0, isZero),
		asm.JEq.Imm(asm.R4, 8, isZero),
		asm.JNE.Imm(asm.R4, 16, zero),
	)
	g.setLabel(isZero)
	prefix('0', zero)
	g.emit(asm.JNE.Imm(asm.R4, 10, sign), asm.JSGE.Imm(asm.R3, 0, sign))
	prefix('-', sign)
	g.emit(
		asm.Mov.Reg(asm.R0, asm.RFP),
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

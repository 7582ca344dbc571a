package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"

	"github.com/godtrace/godtrace/d/ast"
)

// basename() and dirname() split a path as DTrace does: trailing slashes
// do not count, a path of slashes alone is "/" and the empty path ".";
// the directory of a name without a slash is ".", and the slashes that
// end a directory are dropped ("/usr" is in "/").

// scanBack moves R3 back over the characters of slot a before it while
// they are (or, with not, are not) a slash.
func (g *gen) scanBack(a int, not bool) {
	loop, done := g.label("pathback"), g.label("pathbackdone")
	stop := asm.JNE
	if not {
		stop = asm.JEq
	}
	g.setLabel(loop)
	g.emit(
		asm.JEq.Imm(asm.R3, 0, done),
		asm.JGT.Imm(asm.R3, int32(g.strbuf), done),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, int16(a-1), asm.Byte),
		stop.Imm(asm.R5, '/', done),
		asm.Sub.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	g.setLabel(done)
	g.emit(nop())
	g.forget(asm.R3, 0)
}

// forget makes the verifier forget what it knows of the value of r: the
// value goes through word i (0 or 1) of the scratch numbers and comes
// back unknown. After a loop, a position known exactly on each of its
// exits would make the verifier walk what follows once per exit.
func (g *gen) forget(r asm.Register, i int) {
	off := int16(g.l.This + g.baseWord + 8*i)
	g.emit(asm.StoreMem(rScratch, off, r, asm.DWord), asm.LoadMem(r, rScratch, off, asm.DWord))
}

// pathPart generates basename() (dir false) or dirname() of call's
// argument into a scratch slot.
func (g *gen) pathPart(call *ast.CallExpr, dir bool) {
	g.expr(call.Args[0])
	a := g.toSlot()
	g.strLen()
	dst := g.strSlot()
	slash, dot, done := g.label("pathslash"), g.label("pathdot"), g.label("pathdone")
	// R3 = the end of the path without its trailing slashes.
	g.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Reg(asm.R1, asm.R0))
	g.scanBack(a, false)
	some := g.label("pathsome")
	g.emit(asm.JNE.Imm(asm.R3, 0, some))
	g.emit(asm.JEq.Imm(asm.R1, 0, dot), asm.Ja.Label(slash))
	g.setLabel(some)
	// R2 = the start of the last component.
	g.emit(asm.Mov.Reg(asm.R2, asm.R3))
	g.forget(asm.R2, 1)
	g.scanBack(a, true)
	if dir {
		// The directory: up to the last component, less its slashes.
		g.emit(asm.JEq.Imm(asm.R3, 0, dot))
		g.scanBack(a, false)
		g.emit(asm.JEq.Imm(asm.R3, 0, slash), asm.Mov.Reg(asm.R2, asm.R3), asm.Mov.Imm(asm.R3, 0))
	}
	// Copy the characters from R3 to R2 (the end, excluded).
	g.emit(
		asm.JGE.Imm(asm.R3, int32(g.strbuf), dot),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), dot),
		asm.Sub.Reg(asm.R2, asm.R3),
		asm.Add.Imm(asm.R2, 1),
	)
	g.copyChars(a, dst, dot)
	g.emit(asm.Ja.Label(done))
	g.setLabel(slash)
	g.emit(asm.StoreImm(rScratch, int16(dst), '/', asm.Half), asm.Ja.Label(done))
	g.setLabel(dot)
	g.emit(asm.StoreImm(rScratch, int16(dst), '.', asm.Half))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(dst)))
}

// copyChars copies R2-1 characters from offset R3 of the scratch slot
// from into the slot dst, NUL-terminated, or goes to tooLong when R2 is
// over a slot's size (never, but the verifier cannot tell).
func (g *gen) copyChars(from, dst int, tooLong string) {
	g.emit(
		asm.JGT.Imm(asm.R2, int32(g.strbuf), tooLong),
		asm.Add.Reg(asm.R3, rScratch),
		asm.Add.Imm(asm.R3, int32(from)),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(dst)),
		asm.FnProbeReadKernelStr.Call(),
	)
}

// cleanpath copies the path of call's argument into a scratch slot with
// its repeated slashes, "." components, ".." components (with the
// component before each) and trailing slash removed, as DTrace's (and
// Go's path.Clean, but for the empty path) does. The copy is a loop over the characters
// in which a ".." scans back over the copy; as with the searches, the
// loop is a bpf_iter_num one, and the two positions live in the scratch
// numbers, so its body is checked a few times, not once per character.
func (g *gen) cleanpath(call *ast.CallExpr) {
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(call, err)
	}
	g.expr(call.Args[0])
	a := g.toSlot()
	d := g.strSlot()
	if g.c.depth+1 > maxDepth {
		g.tooComplex(call)
	}
	it := int16(-8 * (g.c.depth + 1))
	wi, wj := int16(g.l.This+g.baseWord), int16(g.l.This+g.baseWord+8)
	loop, finish, slash, keep := g.label("cpath"), g.label("cpathend"), g.label("cpathslash"), g.label("cpathkeep")
	back, backDone, store := g.label("cpathback"), g.label("cpathbackdone"), g.label("cpathstore")
	// at loads the character at R3+k of the source into dst, 0 past the
	// end of the slot.
	at := func(dst asm.Register, k int32) {
		zero, done := g.label("cpathz"), g.label("cpathat")
		g.emit(
			asm.Mov.Reg(dst, asm.R3),
			asm.Add.Imm(dst, k),
			asm.JGE.Imm(dst, int32(g.strbuf), zero),
			asm.Add.Reg(dst, rScratch),
			asm.LoadMem(dst, dst, int16(a), asm.Byte),
			asm.Ja.Label(done),
		)
		g.setLabel(zero)
		g.emit(asm.Mov.Imm(dst, 0))
		g.setLabel(done)
		g.emit(nop())
	}
	g.emit(bpfrt.StoreImm64(rScratch, wi, 0), bpfrt.StoreImm64(rScratch, wj, 0))
	g.iterLoop(kf, it, int32(g.strbuf), loop, finish)
	g.emit(
		asm.LoadMem(asm.R3, rScratch, wi, asm.DWord),
		asm.LoadMem(asm.R4, rScratch, wj, asm.DWord),
		asm.JGE.Imm(asm.R3, int32(g.strbuf), finish),
		asm.JGE.Imm(asm.R4, int32(g.strbuf-1), finish),
	)
	skip := func(n int32) {
		g.emit(asm.Add.Imm(asm.R3, n), asm.Ja.Label(store))
	}
	at(asm.R5, 0)
	// A "./" before anything is copied goes.
	lead := g.label("cpathlead")
	g.emit(asm.JNE.Imm(asm.R4, 0, lead), asm.JNE.Imm(asm.R5, '.', lead))
	at(asm.R1, 1)
	g.emit(asm.JNE.Imm(asm.R1, '/', lead))
	skip(2)
	g.setLabel(lead)
	g.emit(asm.JEq.Imm(asm.R5, 0, finish), asm.JNE.Imm(asm.R5, '/', keep))
	at(asm.R1, 1)
	dup := g.label("cpathdup")
	g.emit(asm.JNE.Imm(asm.R1, '/', dup))
	skip(1)
	g.setLabel(dup)
	g.emit(asm.JNE.Imm(asm.R1, '.', slash))
	at(asm.R2, 2)
	dot, dotdot := g.label("cpathdot"), g.label("cpathdotdot")
	g.emit(asm.JEq.Imm(asm.R2, '/', dot), asm.JEq.Imm(asm.R2, 0, dot), asm.JNE.Imm(asm.R2, '.', slash))
	at(asm.R0, 3)
	g.emit(asm.JEq.Imm(asm.R0, '/', dotdot), asm.JNE.Imm(asm.R0, 0, slash))
	g.setLabel(dotdot)
	// "/..": drop the copy's last component and its slash, unless there
	// is none to drop in a relative path, or it is itself "..": then the
	// ".." stays.
	g.emit(asm.Add.Imm(asm.R3, 3))
	some, appendDots := g.label("cpathsome"), g.label("cpathdots")
	g.emit(
		asm.JNE.Imm(asm.R4, 0, some),
		asm.LoadMem(asm.R0, rScratch, int16(a), asm.Byte),
		asm.JEq.Imm(asm.R0, '/', back),
		asm.StoreImm(rScratch, int16(d), '.', asm.Byte),
		asm.StoreImm(rScratch, int16(d+1), '.', asm.Byte),
		asm.Mov.Imm(asm.R4, 2),
		asm.Ja.Label(store),
	)
	g.setLabel(some)
	g.emit(
		asm.JLT.Imm(asm.R4, 2, back),
		asm.JGE.Imm(asm.R4, int32(g.strbuf-4), back),
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.LoadMem(asm.R1, asm.R0, int16(d-1), asm.Byte),
		asm.JNE.Imm(asm.R1, '.', back),
		asm.LoadMem(asm.R1, asm.R0, int16(d-2), asm.Byte),
		asm.JNE.Imm(asm.R1, '.', back),
		asm.JEq.Imm(asm.R4, 2, appendDots),
		asm.LoadMem(asm.R1, asm.R0, int16(d-3), asm.Byte),
		asm.JNE.Imm(asm.R1, '/', back),
	)
	g.setLabel(appendDots)
	g.emit(
		asm.StoreImm(asm.R0, int16(d), '/', asm.Byte),
		asm.StoreImm(asm.R0, int16(d+1), '.', asm.Byte),
		asm.StoreImm(asm.R0, int16(d+2), '.', asm.Byte),
		asm.Add.Imm(asm.R4, 3),
		asm.Ja.Label(store),
	)
	g.setLabel(back)
	g.emit(
		asm.JEq.Imm(asm.R4, 0, backDone),
		asm.JGT.Imm(asm.R4, int32(g.strbuf), backDone),
		asm.Sub.Imm(asm.R4, 1),
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.LoadMem(asm.R0, asm.R0, int16(d), asm.Byte),
		asm.JNE.Imm(asm.R0, '/', back),
	)
	g.setLabel(backDone)
	g.emit(asm.Ja.Label(store))
	g.setLabel(dot)
	skip(2)
	g.setLabel(slash)
	// A relative path whose copy a ".." emptied goes on without a slash.
	copySlash := g.label("cpathcopyslash")
	g.emit(
		asm.JNE.Imm(asm.R4, 0, copySlash),
		asm.LoadMem(asm.R0, rScratch, int16(a), asm.Byte),
		asm.JEq.Imm(asm.R0, '/', copySlash),
	)
	skip(1)
	g.setLabel(copySlash)
	g.emit(asm.Mov.Imm(asm.R5, '/'))
	g.setLabel(keep)
	g.emit(
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.StoreMem(asm.R0, int16(d), asm.R5, asm.Byte),
		asm.Add.Imm(asm.R4, 1),
		asm.Add.Imm(asm.R3, 1),
	)
	g.setLabel(store)
	g.emit(
		asm.StoreMem(rScratch, wi, asm.R3, asm.DWord),
		asm.StoreMem(rScratch, wj, asm.R4, asm.DWord),
		asm.Ja.Label(loop),
	)
	g.setLabel(finish)
	g.iterDestroy(kf, it)
	// NUL-terminate the copy without its trailing slash (unless it is
	// "/"); an empty copy is "/" for an absolute path, "." for a relative
	// one, and "" for the empty path.
	end, term, rel, done := g.label("cpathnul"), g.label("cpathterm"), g.label("cpathrel"), g.label("cpathdone")
	g.emit(
		asm.LoadMem(asm.R4, rScratch, wj, asm.DWord),
		asm.JEq.Imm(asm.R4, 0, end),
		asm.JGE.Imm(asm.R4, int32(g.strbuf), end),
		asm.JEq.Imm(asm.R4, 1, term),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Reg(asm.R1, asm.R4),
		asm.LoadMem(asm.R2, asm.R1, int16(d-1), asm.Byte),
		asm.JNE.Imm(asm.R2, '/', term),
		asm.Sub.Imm(asm.R4, 1),
	)
	g.setLabel(term)
	g.emit(
		asm.Add.Reg(asm.R4, rScratch),
		asm.StoreImm(asm.R4, int16(d), 0, asm.Byte),
		asm.Ja.Label(done),
	)
	g.setLabel(end)
	g.emit(
		asm.LoadMem(asm.R1, rScratch, int16(a), asm.Byte),
		asm.StoreImm(rScratch, int16(d), 0, asm.Byte),
		asm.JEq.Imm(asm.R1, 0, done),
		asm.JNE.Imm(asm.R1, '/', rel),
		asm.StoreImm(rScratch, int16(d), '/', asm.Half),
		asm.Ja.Label(done),
	)
	g.setLabel(rel)
	g.emit(asm.StoreImm(rScratch, int16(d), '.', asm.Half))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(d)))
}

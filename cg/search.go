package cg

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// index(), rindex() and strstr() search a string for another. A search
// is a loop over the positions with a comparison loop inside; written as
// two bounded loops the verifier would walk every pair of positions
// (strsize squared: past its million-instruction limit for a few
// searches), so the outer loop is an open-coded bpf_iter_num loop,
// whose body the verifier checks until its state converges, a few times
// whatever the number of positions. (bpf_loop() would do too, but its
// callback needs BTF function information for every subprogram of the
// program, which the programs do not carry.)

// The search's stack slots: the iterator, the first position, the two
// lengths and the result.
const (
	srchIter = iota
	srchPos
	srchLenA
	srchLenB
	srchRes
	srchSlots
)

// search leaves in R0 the position of the first (or, with back, the
// last) occurrence of the string of t in the string of s, from the
// position of start (nil for the default), -1 when there is none, as
// DTrace's index() and rindex() do. a is s's scratch slot.
func (g *gen) search(n ast.Node, s, t, start ast.Expr, back bool) (a int) {
	if start != nil {
		g.exprAs(start, ctype.IntType, true)
		g.push(n)
	}
	g.expr(t)
	g.push(n)
	g.expr(s)
	a = g.toSlot()
	g.strLen()
	g.pop(asm.R1)
	g.push(n) // the length of s, where t was
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	b := g.toSlot()
	g.strLen()
	if g.c.depth+srchSlots > maxDepth {
		g.tooComplex(n)
	}
	ctx := g.c.depth + srchSlots // the slot of the context's first word
	slot := func(i int) int16 { return int16(-8 * (ctx - i)) }
	g.emit(asm.StoreMem(asm.RFP, slot(srchLenB), asm.R0, asm.DWord))
	g.pop(asm.R1)
	g.emit(asm.StoreMem(asm.RFP, slot(srchLenA), asm.R1, asm.DWord))
	// R2 = the first position.
	if start != nil {
		g.pop(asm.R2)
	} else if back {
		g.emit(asm.Mov.Reg(asm.R2, asm.R1))
	} else {
		g.emit(asm.Mov.Imm(asm.R2, 0))
	}
	if back {
		// From the last place t fits, at most.
		fits := g.label("rfits")
		g.emit(asm.Sub.Reg(asm.R1, asm.R0), asm.JSLE.Reg(asm.R2, asm.R1, fits), asm.Mov.Reg(asm.R2, asm.R1))
		g.setLabel(fits)
	} else {
		pos := g.label("ipos")
		g.emit(asm.JSGE.Imm(asm.R2, 0, pos), asm.Mov.Imm(asm.R2, 0))
		g.setLabel(pos)
	}
	// An empty t is found at the first position, brought within s: at
	// 0 before its start, at its length past its end (R1 is that length
	// here, t's being 0).
	nonEmpty, low, high, empty := g.label("srchtext"), g.label("srchlow"), g.label("srchhigh"), g.label("srchempty")
	g.emit(
		asm.JNE.Imm(asm.R0, 0, nonEmpty),
		asm.JSGE.Imm(asm.R2, 0, low),
		asm.Mov.Imm(asm.R2, 0),
	)
	g.setLabel(low)
	g.emit(asm.JSLE.Reg(asm.R2, asm.R1, high), asm.Mov.Reg(asm.R2, asm.R1))
	g.setLabel(high)
	g.emit(asm.StoreMem(asm.RFP, slot(srchRes), asm.R2, asm.DWord), asm.Ja.Label(empty))
	g.setLabel(nonEmpty)
	g.emit(
		asm.StoreMem(asm.RFP, slot(srchPos), asm.R2, asm.DWord),
		bpfrt.StoreImm64(asm.RFP, slot(srchRes), -1),
	)
	g.searchLoop(n, slot, a, b, back)
	g.setLabel(empty)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, slot(srchRes), asm.DWord))
	g.forget(asm.R0, 0)
	return a
}

// searchLoop tries each position in an open-coded bpf_iter_num loop,
// comparing the string of slot b with the string of slot a there, and
// stores the first matching position in the context's result.
func (g *gen) searchLoop(n ast.Node, slot func(int) int16, a, b int, back bool) {
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(n, err)
	}
	it := slot(srchIter) // the iterator takes the unused first word
	loop, next, match, inner, end := g.label("srch"), g.label("srchnext"), g.label("srchmatch"), g.label("srchcmp"), g.label("srchend")
	g.iterLoop(kf, it, int32(g.strbuf), loop, end)
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Word),
		asm.LoadMem(asm.R3, asm.RFP, slot(srchPos), asm.DWord),
	)
	if back {
		g.emit(asm.Sub.Reg(asm.R3, asm.R1))
	} else {
		g.emit(asm.Add.Reg(asm.R3, asm.R1))
	}
	g.emit(
		// Before the first position or past the last place t fits: no
		// match.
		asm.JSLT.Imm(asm.R3, 0, end),
		asm.LoadMem(asm.R1, asm.RFP, slot(srchLenA), asm.DWord),
		asm.LoadMem(asm.R2, asm.RFP, slot(srchLenB), asm.DWord),
		asm.Sub.Reg(asm.R1, asm.R2),
		asm.JSGT.Reg(asm.R3, asm.R1, end),
		asm.JGE.Imm(asm.R3, int32(g.strbuf), end),
		asm.Mov.Imm(asm.R4, 0),
	)
	g.setLabel(inner)
	g.emit(
		asm.JGE.Imm(asm.R4, int32(g.strbuf), match),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Reg(asm.R1, asm.R4),
		asm.LoadMem(asm.R5, asm.R1, int16(b), asm.Byte),
		asm.JEq.Imm(asm.R5, 0, match),
		asm.Mov.Reg(asm.R2, asm.R3),
		asm.Add.Reg(asm.R2, asm.R4),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), next),
		asm.Add.Reg(asm.R2, rScratch),
		asm.LoadMem(asm.R2, asm.R2, int16(a), asm.Byte),
		asm.JNE.Reg(asm.R2, asm.R5, next),
		asm.Add.Imm(asm.R4, 1),
		asm.Ja.Label(inner),
	)
	g.setLabel(next)
	g.emit(asm.Ja.Label(loop))
	g.setLabel(match)
	g.emit(asm.StoreMem(asm.RFP, slot(srchRes), asm.R3, asm.DWord))
	g.setLabel(end)
	g.iterDestroy(kf, it)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, slot(srchRes), asm.DWord))
	// Each exit of the loop knows the result differently: forgotten,
	// what follows is checked once, not once per exit (and per exit of
	// each search before it: nested searches multiply).
	g.forget(asm.R0, 0)
}

// iterFuncs are the BTF ids of the kernel's numeric iterator kfuncs.
type iterFuncs struct{ new, next, destroy btf.TypeID }

var iterKfuncs = sync.OnceValues(func() (iterFuncs, error) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		return iterFuncs{}, fmt.Errorf("kernel BTF: %w", err)
	}
	var f iterFuncs
	for name, id := range map[string]*btf.TypeID{"bpf_iter_num_new": &f.new, "bpf_iter_num_next": &f.next, "bpf_iter_num_destroy": &f.destroy} {
		var fn *btf.Func
		if err := spec.TypeByName(name, &fn); err != nil {
			return iterFuncs{}, fmt.Errorf("kernel BTF: %s: %w", name, err)
		}
		if *id, err = spec.TypeID(fn); err != nil {
			return iterFuncs{}, fmt.Errorf("kernel BTF: %s: %w", name, err)
		}
	}
	return f, nil
})

// kfuncCall calls the vmlinux kfunc of BTF id id.
func kfuncCall(id btf.TypeID) asm.Instruction {
	return asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Call), Src: asm.PseudoKfuncCall, Constant: int64(id)}
}

// iterLoop begins a loop of at most n turns on an open-coded numeric
// iterator (bpf_iter_num) in the stack slot at it, whose body the
// verifier checks once however many turns it takes:
// bpf_iter_num_new(&it, 0, n), then at the label loop
// bpf_iter_num_next(&it), leaving for end when the turns are done. Every
// way out of the loop goes through iterDestroy.
func (g *gen) iterLoop(kf iterFuncs, it int16, n int32, loop, end string) {
	g.emit(iterArg(it)...)
	g.emit(asm.Mov.Imm(asm.R2, 0), asm.Mov.Imm(asm.R3, n), kfuncCall(kf.new))
	g.setLabel(loop)
	g.emit(iterArg(it)...)
	g.emit(kfuncCall(kf.next), asm.JEq.Imm(asm.R0, 0, end))
}

// iterDestroy releases the iterator at it: bpf_iter_num_destroy(&it).
func (g *gen) iterDestroy(kf iterFuncs, it int16) {
	g.emit(iterArg(it)...)
	g.emit(kfuncCall(kf.destroy))
}

// iterArg sets R1, a kfunc's first argument, to the address of the
// iterator at it.
func iterArg(it int16) []asm.Instruction {
	return []asm.Instruction{asm.Mov.Reg(asm.R1, asm.RFP), asm.Add.Imm(asm.R1, int32(it))}
}

// strLen turns R0, the result of a string copy into a slot, into the
// length of the string, 0 when it could not be read.
func (g *gen) strLen() {
	ok := g.label("len")
	g.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R0, 1))
	g.setLabel(ok)
	g.emit(asm.Sub.Imm(asm.R0, 1))
}

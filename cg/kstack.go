package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
)

// Kernel stacks start at the probe site, as DTrace shows them: what lies
// between the site and a clause's bpf_get_stack depends on the program
// the clause is linked into, so each program has a subprogram that takes
// kernel stacks for its clauses (bpfrt/stack.go), into a buffer of the
// clause-local space and then where the clause wants them. stack(),
// @[stack()] keys, caller and stackdepth all take their frames through
// it, so they agree.

// kstackSize returns the size of the buffer kernel stacks are taken
// into, when the program takes any: the most frames a stack may have,
// and the plumbing frames the program skips.
func (g *gen) kstackSize(prog *ast.Program) int {
	uses := false
	ast.Inspect(prog, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			uses = uses || isCall(x, "stack")
		case *ast.Ident:
			if v := g.info.Vars[x]; v != nil && v.Kind == check.BuiltinVar {
				switch v.Name {
				case "caller", "stackdepth", "ustackdepth":
					uses = true
				}
			}
		}
		return !uses
	})
	if !uses {
		return 0
	}
	return 8*g.maxFrames + bpfrt.StackSlack
}

// kstack takes a kernel stack from the probe site into size bytes at
// the address dst sets R2 to (none when dst is nil), leaving the number
// of its frames in R0 (see bpfrt.StackSkipFunc). The stack goes straight
// there, or for a program whose stacks carry plumbing above the site,
// into the clause's stack buffer to be trimmed.
func (g *gen) kstack(size int, dst func()) {
	buf := int32(g.l.This + g.kstackArea)
	trim, done, ok := g.label("ktrim"), g.label("kdone"), g.label("kok")
	direct := dst
	if dst == nil {
		direct = func() { g.emit(asm.Mov.Reg(asm.R2, rScratch), asm.Add.Imm(asm.R2, buf)) }
	}
	g.emit(
		asm.Call.Label(bpfrt.StackSkipFunc),
		asm.Mov.Reg(asm.R4, asm.R0),
		asm.Mov.Reg(asm.R1, rCtx),
		asm.Mov.Imm(asm.R3, int32(size)),
		asm.JSet.Imm(asm.R4, bpfrt.StackTrim, trim),
	)
	direct()
	g.emit(
		asm.FnGetStack.Call(),
		asm.JSGE.Imm(asm.R0, 0, ok),
		asm.Mov.Imm(asm.R0, 0),
	)
	g.setLabel(ok)
	g.emit(asm.RSh.Imm(asm.R0, 3), asm.Ja.Label(done))
	g.setLabel(trim)
	g.emit(
		asm.And.Imm(asm.R4, 0xff),
		asm.Add.Imm(asm.R3, bpfrt.StackSlack),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, buf),
		asm.FnGetStack.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
	)
	if dst != nil {
		dst()
	} else {
		g.emit(asm.Mov.Imm(asm.R2, 0))
	}
	g.emit(
		asm.Mov.Imm(asm.R3, int32(size)),
		asm.Mov.Reg(asm.R4, rScratch),
		asm.Add.Imm(asm.R4, buf),
		asm.Call.Label(bpfrt.StackTrimFunc),
	)
	g.setLabel(done)
	g.emit(nop())
}

// caller loads the kernel address the probe site's function returns to:
// the second frame of the kernel stack, 0 when there is none.
func (g *gen) caller(e ast.Node) {
	if g.c.depth+2 > maxDepth {
		g.tooComplex(e)
	}
	buf := int16(-8 * (g.c.depth + 2))
	g.kstack(16, func() { g.emit(asm.Mov.Reg(asm.R2, asm.RFP), asm.Add.Imm(asm.R2, int32(buf))) })
	g.emit(asm.LoadMem(asm.R0, asm.RFP, buf+8, asm.DWord))
}

// stackDepth loads the number of frames of the kernel stack from the
// probe site, or with user of the user stack, at most maxframes.
func (g *gen) stackDepth(user bool) {
	size := 8 * g.maxFrames
	if !user {
		g.kstack(size, nil)
		max := g.label("depthmax")
		g.emit(asm.JLE.Imm(asm.R0, int32(g.maxFrames), max), asm.Mov.Imm(asm.R0, int32(g.maxFrames)))
		g.setLabel(max)
		g.emit(nop())
		return
	}
	ok := g.label("depth")
	g.emit(
		asm.Mov.Reg(asm.R1, rCtx),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, int32(g.l.This+g.kstackArea)),
		asm.Mov.Imm(asm.R3, int32(size)),
		asm.Mov.Imm(asm.R4, bpfFUserStack),
		asm.FnGetStack.Call(),
		asm.JSGE.Imm(asm.R0, 0, ok),
		asm.Mov.Imm(asm.R0, 0),
	)
	g.setLabel(ok)
	g.emit(asm.RSh.Imm(asm.R0, 3))
}

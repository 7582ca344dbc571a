package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/token"
)

// Deferred copies (bpfrt/defer.go has the runtime side).
//
// At a system call's entry a copy from user memory fails when the page
// is not mapped yet, although the kernel is about to fault it in and
// read it. A copy that fails in a firing that allows it (MstDefer is
// DeferOn: syscall entry probes, whose return comes later) therefore
// defers rather than faults: the clause sets DeferDone and returns, and
// the firing resumes with this clause at the system call's return. The
// clause runs again from its start then, so only a copy before which the
// clause has changed nothing defers: none of its statements before has an
// effect outside the clause's record (an assignment, even to this->, an
// aggregation, exit(), a speculation, a signal, strtok()'s position), nor
// the operands of the statement holding the copy. A copy after such an
// effect faults at once, as everywhere else. The option nocopyretry
// turns deferral off.

// effectCalls are the functions whose call changes something outside the
// clause's record: running them again would do it twice. The actions
// not named only add to the record, which a deferral drops.
var effectCalls = map[string]bool{
	"exit": true, "commit": true, "discard": true, "raise": true, "stop": true,
	"chill": true, "speculation": true, "copyout": true, "copyoutstr": true,
	"strtok": true,
}

// hasEffects reports whether evaluating n changes something outside the
// clause's record.
func hasEffects(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignExpr, *ast.PostfixExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.INC || n.Op == token.DEC
		case *ast.CallExpr:
			found = found || effectCalls[calleeName(n)]
		}
		return !found
	})
	return found
}

func calleeName(call *ast.CallExpr) string {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// operandEffects reports whether the operands of statement expression e
// have effects: those happen before e's own effect (the store of an
// assignment, the update of an aggregation, the action of a call), which
// comes after every copy in e.
func operandEffects(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.AssignExpr:
		return hasEffects(e.Lhs) || hasEffects(e.Rhs)
	case *ast.CallExpr:
		for _, a := range e.Args {
			if hasEffects(a) {
				return true
			}
		}
		return false
	case *ast.PostfixExpr:
		return hasEffects(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.INC || e.Op == token.DEC {
			return hasEffects(e.X)
		}
	}
	return hasEffects(e)
}

// deferrable sets whether the copies of statement expression e (or of a
// predicate or condition, with stmt false) may defer, and returns what
// to do once e is generated.
func (g *gen) deferrable(e ast.Expr, stmt bool) (done func()) {
	c := g.c
	ops := hasEffects(e)
	if stmt {
		ops = operandEffects(e)
	}
	c.deferOK = g.deferCopies && !c.isError && !c.effected && !ops
	return func() {
		c.effected = c.effected || hasEffects(e)
		c.deferOK = false
	}
}

// copyFault emits the fault of a copy from user memory that failed, the
// address in R0: a deferral when the clause may defer here and the
// firing allows it, else a fault.
func (g *gen) copyFault() {
	if !g.c.deferOK {
		g.fault(bpfrt.FaultBadAddr)
		return
	}
	g.c.defers = true
	fault := g.label("nodefer")
	g.emit(
		asm.LoadMem(asm.R1, rScratch, bpfrt.MstDefer, asm.Word),
		asm.JNE.Imm(asm.R1, bpfrt.DeferOn, fault),
		asm.StoreImm(rScratch, bpfrt.MstDefer, bpfrt.DeferDone, asm.Word),
		asm.Mov.Imm(asm.R0, 0),
		asm.Return(),
	)
	g.setLabel(fault)
	g.fault(bpfrt.FaultBadAddr)
}

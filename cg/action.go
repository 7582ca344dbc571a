package cg

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/format"
)

// action generates a call of a D action; it returns false when call is
// not one.
func (g *gen) action(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	v := g.info.Vars[id]
	if v == nil || v.Builtin == nil || v.Builtin.Kind != check.Action {
		if b, ok := check.LookupBuiltin(id.Name); !ok || b.Kind != check.Action {
			return false
		}
	}
	var guard int
	if g.c.cond > 0 {
		guard = g.guard()
	}
	switch id.Name {
	case "trace":
		g.recordValue(ActTrace, call.Args[0])
	case "stack", "ustack", "jstack":
		g.recordStack(call)
	case "printf":
		g.formatted(call, ActPrintf)
	case "exit":
		g.c.exits = true
		g.exit(call.Args[0])
	case "printa":
		g.printa(call)
	case "setopt":
		g.setopt(call)
	case "print":
		g.print(call.Args[0])
	case "sym", "func", "mod", "usym", "ufunc", "uaddr", "umod":
		g.recordValue(ActTrace, call)
	case "tracemem":
		g.tracemem(call)
	case "pcap":
		g.pcap(call)
	case "clear", "trunc", "normalize", "denormalize":
		g.aggOp(call, id.Name)
	case "speculate":
		g.speculate(call.Args[0])
	case "commit", "discard":
		g.specEnd(call.Args[0], id.Name == "discard")
	case "raise":
		g.expr(call.Args[0])
		g.raise()
	case "stop":
		g.emit(asm.Mov.Imm(asm.R0, sigStop))
		g.raise()
	case "chill":
		g.expr(call.Args[0])
		g.chill(call)
	case "system":
		g.formatted(call, ActSystem)
	case "freopen":
		g.formatted(call, ActFreopen)
	case "ftruncate":
		g.record(ActFtruncate, 0, 1, 0, -1)
	case "panic":
		g.record(ActPanic, 0, 1, 0, -1)
	case "breakpoint":
		g.record(ActBreakpoint, 0, 1, 0, -1)
	default:
		g.unsupported(call, "action "+id.Name+"()")
	}
	if g.c.cond > 0 {
		g.c.recs[guard].Arg = uint64(len(g.c.recs) - guard - 1)
	}
	return true
}

// guard adds the guard of an action under an if statement: a byte the
// action sets, so the consumer skips the action's records when the
// action did not run. It returns the guard's index in the records.
func (g *gen) guard() int {
	off := g.record(ActGuard, 1, 1, 0, -1)
	g.c.guards = append(g.c.guards, off)
	g.emit(asm.StoreImm(rScratch, g.stageOff(off), 1, asm.Byte))
	return len(g.c.recs) - 1
}

// recordValue evaluates e into a new record field of act.
func (g *gen) recordValue(act bpfrt.Action, e ast.Expr) {
	defer g.fullExpr(e)()
	if kind, size, addr, ok := g.inetCall(e); ok {
		g.recordInet(act, kind, size, addr)
		return
	}
	if act == ActArg && g.isExecname(e) {
		// A printf() argument of execname takes the comm's 16 bytes,
		// not strsize's: bpf_get_current_comm fills them, NULs after
		// the name, with no copy through a string slot. It is most of
		// a typical record, and the record's size is what its way
		// through the buffer costs.
		off := g.record(act, min(commLen, g.strbuf), 1, KindString, -1)
		g.emit(
			asm.Mov.Reg(asm.R1, rScratch),
			asm.Add.Imm(asm.R1, int32(g.stageOff(off))),
			asm.Mov.Imm(asm.R2, int32(min(commLen, g.strbuf))),
			asm.FnGetCurrentComm.Call(),
		)
		return
	}
	t := g.expr(e)
	if k, ok := symKind(e); ok {
		if k.IsUser() {
			off := g.record(act, 16, 8, k, -1)
			g.storeUserAddr(int(g.stageOff(off)))
			return
		}
		off := g.record(act, 8, 8, k, -1)
		g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, asm.DWord))
		return
	}
	switch {
	case isStr(t) || isCharArray(t) || ctype.IsCharPointer(t) && act == ActArg:
		if isStr(t) {
			// Tracing a NULL string faults, as in DTrace.
			g.notNull()
		}
		off := g.record(act, g.strbuf, 1, KindString, -1)
		g.copyStr(rScratch, int(g.stageOff(off)))
	case ctype.IsInteger(t) || ctype.IsPointer(t):
		size := int(t.Sizeof())
		kind := KindUint
		if ctype.IsSigned(t) && !ctype.IsPointer(t) {
			kind = KindInt
		}
		off := g.record(act, size, size, kind, -1)
		g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, sizeOp(size)))
	case isAggregate(t):
		g.recordBytes(act, int(t.Sizeof()))
	case isFloat(t):
		// D does not compute with floating-point values, but carries
		// their bits for printf()'s %e, %f and %g to print.
		size := int(t.Sizeof())
		off := g.record(act, size, size, KindFloat, -1)
		g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, sizeOp(size)))
	default:
		g.unsupported(e, "recording a value of type "+t.String())
	}
}

// symKind says whether e is sym(), func() or mod() of a kernel address,
// or usym(), ufunc(), uaddr() or umod() of a user address, and how its
// value prints.
func symKind(e ast.Expr) (Kind, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return 0, false
	}
	switch id.Name {
	case "sym", "func":
		return KindSym, true
	case "mod":
		return KindMod, true
	case "usym", "ufunc":
		return KindUSym, true
	case "uaddr":
		return KindUAddr, true
	case "umod":
		return KindUMod, true
	}
	return 0, false
}

// isCharArray reports whether t is an array of char, which D records
// and prints as a string.
func isCharArray(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	if r.Kind != ctype.Array {
		return false
	}
	e := ctype.Resolve(r.Elem)
	return e.Kind == ctype.Int && e.Size == 1 && e.Enc&ctype.Char != 0
}

// isStack reports whether t is the type of stack().
func isStack(t *ctype.Type) bool {
	return t != nil && t.Kind == ctype.Typedef && t.Name == "stack" && t.Module == "D"
}

// formatIndex returns the index of a format in Program.Formats.
func (g *gen) formatIndex(e ast.Expr) int {
	lit, ok := ast.Unparen(e).(*ast.StringLit)
	if !ok {
		g.unsupported(e, "a format that is not a string constant")
	}
	if i, ok := g.formats[lit.Value]; ok {
		return i
	}
	// The checker parsed it: one parser, one reading of every format.
	convs, ok := g.info.Formats[lit]
	if !ok {
		g.fail(e, fmt.Errorf("internal error: format %q was not checked", lit.Value))
	}
	g.prog.Formats = append(g.prog.Formats, Format{Text: lit.Value, Convs: convs})
	g.formats[lit.Value] = len(g.prog.Formats) - 1
	return len(g.prog.Formats) - 1
}

// formatted records an action of a format and its arguments, each its
// own record: printf(), system() or freopen().
func (g *gen) formatted(call *ast.CallExpr, act bpfrt.Action) {
	f := g.formatIndex(call.Args[0])
	g.record(act, 0, 1, 0, f)
	g.c.recs[len(g.c.recs)-1].Arg = uint64(len(call.Args) - 1)
	classes := printfArgClasses(g.prog.Formats[f].Convs)
	for i, a := range call.Args[1:] {
		if _, sym := symKind(a); !sym && i < len(classes) && classes[i] == format.ArgUserAddr {
			g.recordUserAddr(a)
			continue
		}
		if t := g.typeOf(a).Type; ctype.IsCharPointer(t) && !isStr(t) && i < len(classes) && classes[i] != format.ArgString {
			// A char * is a string only to %s: %p and the
			// integer conversions take its address.
			g.recordAddr(a)
			continue
		}
		g.recordValue(ActArg, a)
	}
}

// recordAddr records pointer e as an address.
func (g *gen) recordAddr(e ast.Expr) {
	defer g.fullExpr(e)()
	g.expr(e)
	off := g.record(ActArg, 8, 8, KindUint, -1)
	g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, asm.DWord))
}

// printa records a printa(): the optional format, then the aggregations.
func (g *gen) printa(call *ast.CallExpr) {
	args := call.Args
	f := -1
	if len(args) > 0 {
		if _, ok := ast.Unparen(args[0]).(*ast.StringLit); ok {
			f = g.formatIndex(args[0])
			args = args[1:]
		}
	}
	g.record(ActPrinta, 0, 1, 0, f)
	g.c.recs[len(g.c.recs)-1].Arg = uint64(len(args))
	for _, a := range args {
		v := g.aggOf(a)
		if v == nil || g.aggs[v] == nil {
			g.unsupported(a, "printa() of something that is not an aggregation")
		}
		g.record(ActAgg, 0, 1, 0, -1)
		g.c.recs[len(g.c.recs)-1].Arg = uint64(g.aggs[v].ID)
	}
}

// print records print(e): its type, then its value; a pointer to a
// struct or union also records the bytes it points to, which print()
// shows.
func (g *gen) print(e ast.Expr) {
	t := g.typeOf(e).Type
	g.prog.Types = append(g.prog.Types, t)
	g.record(ActPrint, 0, 1, 0, len(g.prog.Types)-1)
	pr := len(g.c.recs) - 1
	r := ctype.Resolve(t)
	if r.Kind != ctype.Pointer || r.Elem.Sizeof() == 0 {
		g.c.recs[pr].Arg = 1
		g.recordValue(ActArg, e)
		return
	}
	g.c.recs[pr].Arg = 2
	defer g.fullExpr(e)()
	g.expr(e)
	off := g.record(ActArg, 8, 8, KindUint, -1)
	g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, asm.DWord))
	g.recordBytes(ActArg, int(r.Elem.Sizeof()))
}

// isStructOrUnion reports whether t is a struct or union type.
func isStructOrUnion(t *ctype.Type) bool {
	k := ctype.Resolve(t).Kind
	return k == ctype.Struct || k == ctype.Union
}

// aggOp records an operation the consumer applies to an aggregation.
func (g *gen) aggOp(call *ast.CallExpr, name string) {
	v := g.aggOf(call.Args[0])
	if v == nil || g.aggs[v] == nil {
		g.unsupported(call, name+"() of something that is not an aggregation")
	}
	act := map[string]bpfrt.Action{"clear": ActClear, "trunc": ActTrunc, "normalize": ActNormalize, "denormalize": ActDenormalize}[name]
	f := -1
	if act == ActTrunc {
		f = min(len(call.Args)-1, 1)
	}
	g.record(act, 0, 1, 0, f)
	g.c.recs[len(g.c.recs)-1].Arg = uint64(g.aggs[v].ID)
	if len(call.Args) > 1 && (act == ActTrunc || act == ActNormalize) {
		g.recordValue(ActArg, call.Args[1])
	}
}

// setopt records setopt(name[, value]), which the consumer applies when
// it reads the record. Constant strings are the record's format, "name"
// or "name=value"; when either is known only at run time, both are
// recorded as strings after it, as DTrace records them, the record's Arg
// counting them.
func (g *gen) setopt(call *ast.CallExpr) {
	var words []string
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.StringLit)
		if !ok {
			g.record(ActSetopt, 0, 1, 0, -1)
			g.c.recs[len(g.c.recs)-1].Arg = uint64(len(call.Args))
			for _, a := range call.Args {
				g.recordValue(ActArg, a)
			}
			return
		}
		words = append(words, lit.Value)
	}
	text := strings.Join(words, "=")
	g.prog.Formats = append(g.prog.Formats, Format{Text: text})
	g.record(ActSetopt, 0, 1, 0, len(g.prog.Formats)-1)
}

// exit generates exit(status): the state map records the status and
// stops the clauses after this one.
func (g *gen) exit(e ast.Expr) {
	g.inR9(e, func() asm.Instructions { return g.l.Exit(rScratch, rStrtab, g.label("exit")) })
}

// inR9 evaluates e and emits the runtime's sequence seq with the value
// in R9: Layout.Exit and Layout.SpecEnd need it in a callee-saved
// register. R9 is borrowed for it, saved in the next stack slot (so R9
// must hold the string table, which the prologue then loads).
func (g *gen) inR9(e ast.Expr, seq func() asm.Instructions) {
	g.expr(e)
	g.c.strtab = true
	if g.c.depth+1 > maxDepth {
		g.tooComplex(e)
	}
	slot := int16(-8 * (g.c.depth + 1))
	g.emit(asm.StoreMem(asm.RFP, slot, rStrtab, asm.DWord), asm.Mov.Reg(rStrtab, asm.R0))
	g.emit(seq()...)
	g.emit(asm.LoadMem(rStrtab, asm.RFP, slot, asm.DWord))
}

// isFloat reports whether t is float or double, whose bits fit a
// register; long double's do not.
func isFloat(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	return r.Kind == ctype.Float && (r.Size == 4 || r.Size == 8)
}

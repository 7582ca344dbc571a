package cg

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/internal/bpfinsn"
)

var aggFuncs = map[string]agg.Func{
	"count": agg.Count, "sum": agg.Sum, "avg": agg.Avg, "min": agg.Min, "max": agg.Max,
	"stddev": agg.Stddev, "quantize": agg.Quantize, "lquantize": agg.LQuantize,
	"llquantize": agg.LLQuantize,
}

// aggOf returns the aggregation e names (@a or @a[keys]), or nil.
func (g *gen) aggOf(e ast.Expr) *check.Var {
	e = ast.Unparen(e)
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ast.Unparen(ix.X)
	}
	a, ok := e.(*ast.AggExpr)
	if !ok {
		return nil
	}
	if v := g.info.Vars[a]; v != nil && v.Kind == check.Aggregation {
		return v
	}
	return nil
}

// aggKeys returns the key expressions of an aggregation reference.
func aggKeys(e ast.Expr) []ast.Expr {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		return ix.Index
	}
	return nil
}

// aggAssigns returns the assignments to each aggregation of prog.
func (g *gen) aggAssigns(prog *ast.Program) map[*check.Var][]*ast.AssignExpr {
	m := map[*check.Var][]*ast.AssignExpr{}
	ast.Inspect(prog, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok {
			if v := g.aggOf(a.Lhs); v != nil {
				m[v] = append(m[v], a)
			}
		}
		return true
	})
	return m
}

// newAgg describes aggregation v, first assigned by a, of all whose
// assignments are assigns; IDs follow the order of first appearance, as
// DTrace numbers aggregation variables.
func (g *gen) newAgg(a *ast.AssignExpr, v *check.Var, assigns []*ast.AssignExpr) *Agg {
	call, _ := ast.Unparen(a.Rhs).(*ast.CallExpr)
	f, ok := aggFuncs[v.AggFunc]
	if !ok || call == nil {
		g.unsupported(a, "aggregating function "+v.AggFunc+"()")
	}
	name := v.Name
	if name == "_" {
		name = ""
	}
	ag := &Agg{ID: len(g.aggs) + 1, Name: name, Func: f, KeySize: 8}
	if f == agg.LQuantize || f == agg.LLQuantize {
		// The checker fixed and checked the parameters (constants, the
		// same at every use): they are taken as it left them.
		if v.Params == nil {
			g.fail(call, fmt.Errorf("internal error: %s() parameters not checked", v.AggFunc))
		}
		ag.Params = *v.Params
	}
	keys := aggKeys(a.Lhs)
	for i, t := range v.Keys {
		var k ast.Expr
		if i < len(keys) {
			k = keys[i]
		}
		fd := g.keyField(a, k, t)
		size := fd.Size
		switch fd.Kind {
		case KindInt, KindUint, KindFloat:
			// An integer or a float takes 8 bytes of the key and is
			// decoded at the size of its type.
			fd.Size = int(t.Sizeof())
		case KindString:
			// Every key this position takes may be shorter than strsize.
			bound := 0
			for _, as := range assigns {
				if ks := aggKeys(as.Lhs); i < len(ks) {
					bound = max(bound, g.strBound(ks[i]))
				}
			}
			fd.Size, size = bound, align8(bound)
		}
		fd.Offset = ag.KeySize
		ag.Keys = append(ag.Keys, fd)
		ag.KeySize += size
	}
	g.aggs[v] = ag
	g.prog.Aggs = append(g.prog.Aggs, ag)
	return ag
}

// dtraceTuple is the size DTrace gives a tuple of aggregation v (see
// bpfrt.Config.AggTuple), which decides how many tuples aggsize holds.
func (g *gen) dtraceTuple(v *check.Var) int {
	n := 4
	for _, t := range v.Keys {
		if ctype.IsString(t) {
			n += g.strbuf + 1
			continue
		}
		size := int(t.Sizeof())
		if a := min(size, 8); a > 0 {
			n = (n + a - 1) / a * a
		}
		n += size
	}
	return n + 8
}

// commLen is the size of a task's comm, execname's value: TASK_COMM_LEN.
const commLen = 16

// strBound returns the size, NUL included, that string expression e's
// values take at most: a literal's, execname's comm, strsize's otherwise.
func (g *gen) strBound(e ast.Expr) int {
	switch e := ast.Unparen(e).(type) {
	case *ast.StringLit:
		return min(len(e.Value)+1, g.strbuf)
	case *ast.Ident:
		if g.isExecname(e) {
			return min(commLen, g.strbuf)
		}
	}
	return g.strbuf
}

// isExecname reports whether e is the built-in variable execname.
func (g *gen) isExecname(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := g.info.Vars[id]
	return v != nil && v.Kind == check.BuiltinVar && v.Builtin.Name == "execname"
}

// aggKey evaluates the keys of ag and lays out its map key in the key
// staging area: [id u32][cpu u32], then each field, then zeros up to the
// map's key size. Fields are filled straight from their source when they
// can be (execname's comm, a literal's bytes, a stack) and zeroed only
// where a string copy may not fill them, since every byte of the key is
// hashed and compared.
func (g *gen) aggKey(n ast.Node, ag *Agg, keys []ast.Expr) {
	direct := func(i int) bool {
		k, kind := keys[i], ag.Keys[i].Kind
		_, lit := ast.Unparen(k).(*ast.StringLit)
		return kind == KindStack || kind == KindUStack || kind == KindString && (lit || g.isExecname(k))
	}
	for i, k := range keys {
		if !direct(i) {
			g.keyExpr(k)
			g.push(n)
		}
	}
	ko := g.keyOff()
	g.emit(
		asm.FnGetSmpProcessorId.Call(),
		asm.LSh.Imm(asm.R0, 32),
		asm.Or.Imm(asm.R0, int32(ag.ID)),
		asm.StoreMem(rScratch, int16(ko), asm.R0, asm.DWord),
	)
	for off := ag.KeySize; off < g.l.AggKeySize; off += 8 {
		g.emit(bpfrt.StoreImm64(rScratch, int16(ko+off), 0))
	}
	for i := len(keys) - 1; i >= 0; i-- {
		f := ag.Keys[i]
		off := ko + f.Offset
		switch {
		case f.Kind == KindStack || f.Kind == KindUStack:
			s, ok := g.stackOf(keys[i])
			if !ok {
				g.unsupported(keys[i], "stack key that is not a stack(), ustack() or jstack() call")
			}
			g.stackKey(off, f, s)
		case f.Kind.IsUser():
			g.pop(asm.R0)
			g.storeUserAddr(off)
		case f.Kind == KindString:
			g.keyString(off, f.Size, keys[i])
		case f.Kind == KindBytes:
			g.pop(asm.R0)
			g.readMem(off, f.Size)
		default:
			g.pop(asm.R0)
			g.emit(asm.StoreMem(rScratch, int16(off), asm.R0, asm.DWord))
		}
	}
}

// stackKey fills stack key field f at off with stack s, which may ask
// for another number of frames than the aggregation's first assignment
// laid the field out for (stack(5) after stack()): as in DTrace, the
// field keeps its layout, the frames s asks for filling it and zeros
// the rest, those beyond it dropped.
func (g *gen) stackKey(off int, f Field, s stackCall) {
	for s.size() > f.Size {
		s.frames--
	}
	g.stackInto(off, s)
	for z := s.size(); z < f.Size; z += 8 {
		g.emit(bpfrt.StoreImm64(rScratch, int16(off+z), 0))
	}
}

// keyString fills a string key field of size bytes, NUL included, at off
// from the scratch pointer: a literal by stores, execname by
// bpf_get_current_comm, any other string (popped) by a string copy, each
// cut to size; the bytes a copy may leave are zeroed first.
func (g *gen) keyString(off, size int, k ast.Expr) {
	if lit, ok := ast.Unparen(k).(*ast.StringLit); ok {
		s := lit.Value
		if len(s) >= size {
			s = s[:size-1]
		}
		g.storeBytes(off, align8(size), s)
		return
	}
	comm := g.isExecname(k)
	n := size
	if comm {
		n = min(size, commLen) // the comm is padded with NULs to n bytes
	}
	if !comm || n != align8(size) {
		for z := 0; z < size; z += 8 {
			g.emit(bpfrt.StoreImm64(rScratch, int16(off+z), 0))
		}
	}
	g.emit(
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(n)),
	)
	if comm {
		g.emit(asm.FnGetCurrentComm.Call())
		return
	}
	g.pop(asm.R3)
	g.emit(asm.FnProbeReadKernelStr.Call())
}

// aggEntry points R0 at this CPU's data of the tuple of a keyed
// aggregation, then jumps to have: it looks the tuple up in the hash, or
// adds it with its initial value unless a program this one interrupted
// on this CPU added it meanwhile, and looks it up again. A tuple the full
// map refuses counts an aggregation drop and jumps to out.
func (g *gen) aggEntry(a *ast.AssignExpr, ag *Agg, have, out string) {
	g.sameKeys(a, ag)
	g.aggKey(a, ag, aggKeys(a.Lhs))
	g.mapArgs(bpfrt.MapAggs)
	g.emit(asm.FnMapLookupElem.Call(), asm.JNE.Imm(asm.R0, 0, have))
	vo := g.valOff()
	g.initData(ag, rScratch, vo, false)
	g.mapUpdate(bpfrt.MapAggs, vo, bpfNoExist)
	g.keyNotice(ag)
	g.mapArgs(bpfrt.MapAggs)
	g.emit(asm.FnMapLookupElem.Call(), asm.JNE.Imm(asm.R0, 0, have))
	g.emit(bpfrt.Count(rScratch, bpfrt.MstAggDrops)...)
	g.emit(asm.Ja.Label(out))
}

// aggValue points R0 at this CPU's data of an aggregation without keys,
// then jumps to have: its element of the per-CPU array, a flag word then
// the data, the data set to the initial value the first time.
func (g *gen) aggValue(ag *Agg, have, out string) {
	ko := g.keyOff()
	set := g.label("aggset")
	g.emit(
		asm.StoreImm(rScratch, int16(ko), int64(ag.Slot), asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(bpfrt.MapAggVals),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, int32(ko)),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, out),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.JNE.Imm(asm.R1, 0, set),
	)
	g.initData(ag, asm.R0, 8, true)
	g.emit(bpfrt.StoreImm64(asm.R0, 0, 1))
	g.setLabel(set)
	g.emit(asm.Add.Imm(asm.R0, 8), asm.Ja.Label(have))
}

// initData stores the initial data of ag at off from base; with
// nonZero, only its words that are not zero.
func (g *gen) initData(ag *Agg, base asm.Register, off int, nonZero bool) {
	init := make([]int64, ag.Func.DataLen(ag.Params))
	ag.Func.Init(init)
	for i, w := range init {
		switch {
		case nonZero && w == 0:
		case w >= math.MinInt32 && w <= math.MaxInt32:
			g.emit(bpfrt.StoreImm64(base, int16(off+8*i), int32(w)))
		default:
			g.emit(asm.LoadImm(asm.R1, w, asm.DWord), asm.StoreMem(base, int16(off+8*i), asm.R1, asm.DWord))
		}
	}
}

// storeBytes stores s, NUL-padded to size bytes (a multiple of 8), at off
// from the scratch pointer.
func (g *gen) storeBytes(off, size int, s string) {
	b := make([]byte, size)
	copy(b, s)
	for i := 0; i < size; i += 8 {
		w := int64(binary.LittleEndian.Uint64(b[i:]))
		if w >= math.MinInt32 && w <= math.MaxInt32 {
			g.emit(bpfrt.StoreImm64(rScratch, int16(off+i), int32(w)))
			continue
		}
		g.emit(asm.LoadImm(asm.R1, w, asm.DWord), asm.StoreMem(rScratch, int16(off+i), asm.R1, asm.DWord))
	}
}

// aggregate generates @a[keys] = f(args): it finds or creates this CPU's
// entry of the tuple in the aggregation map and applies f to it. A tuple
// the full map cannot take counts an aggregation drop.
func (g *gen) aggregate(a *ast.AssignExpr, v *check.Var) {
	ag := g.aggs[v]
	call, _ := ast.Unparen(a.Rhs).(*ast.CallExpr)
	if ag == nil || call == nil {
		g.unsupported(a, "aggregation @"+v.Name)
	}
	// The value and the increment are evaluated first, then the key.
	value := ag.Func != agg.Count
	if value {
		g.exprAs(call.Args[0], ctype.LongType, true)
		g.push(a)
	}
	incr := 0
	switch ag.Func {
	case agg.Quantize:
		incr = 1
	case agg.LQuantize:
		incr = 4
	case agg.LLQuantize:
		incr = 5
	}
	if len(call.Args) <= incr {
		incr = 0 // the default increment, 1
	}
	if incr > 0 {
		g.expr(call.Args[incr])
		g.push(a)
	}
	out, have := g.label("aggout"), g.label("agghave")
	if len(ag.Keys) == 0 {
		g.aggValue(ag, have, out)
	} else {
		g.aggEntry(a, ag, have, out)
	}
	g.setLabel(have)
	if incr > 0 {
		g.pop(asm.R2)
	} else {
		g.emit(asm.Mov.Imm(asm.R2, 1))
	}
	if value {
		g.pop(asm.R1)
	}
	switch ag.Func {
	case agg.Count:
		g.addWord(0, asm.R2)
	case agg.Sum:
		g.addWord(0, asm.R1)
	case agg.Avg:
		g.addWord(0, asm.R2)
		g.addWord(8, asm.R1)
	case agg.Stddev:
		g.addWord(0, asm.R2)
		g.addWord(8, asm.R1)
		g.addSquare()
	case agg.Min, agg.Max:
		g.minMax(ag.Func == agg.Max, out)
	case agg.Quantize:
		g.quantizeBucket()
		g.bucketAdd(out, agg.QuantizeBuckets)
	case agg.LQuantize:
		g.lquantizeBucket(ag.Params)
		g.bucketAdd(out, ag.Params.Levels+2)
	case agg.LLQuantize:
		g.llquantizeBucket(a, ag.Params)
		g.bucketAdd(out, ag.Func.DataLen(ag.Params))
	}
	g.setLabel(out)
	g.emit(nop())
}

// minMax stores the value in R1 in the min() (max() with isMax) word of
// the entry R0 points to when it is below (above) the word's, and jumps
// to out. With compare-and-exchange, a firing nested in this one that
// stored a value in between makes the exchange fail and the comparison
// run again with that value; each of the firings that may nest on a CPU
// (bpfrt.ScratchLevels) can fail it once. Without, a nested firing's
// value stored between the load and the store can be lost.
func (g *gen) minMax(isMax bool, out string) {
	done := asm.JSGE
	if isMax {
		done = asm.JSLE
	}
	if !g.target.FetchAtomics {
		g.emit(
			asm.LoadMem(asm.R3, asm.R0, 0, asm.DWord),
			done.Reg(asm.R1, asm.R3, out),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		)
		return
	}
	// CmpXchg compares with R0 and leaves the word's old value there.
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R0),
		asm.LoadMem(asm.R0, asm.R4, 0, asm.DWord),
	)
	for range bpfrt.ScratchLevels {
		g.emit(
			done.Reg(asm.R1, asm.R0, out),
			asm.Mov.Reg(asm.R3, asm.R0),
			bpfinsn.CmpXchg(asm.R4, asm.R1, 0),
			asm.JEq.Reg(asm.R0, asm.R3, out),
		)
	}
}

// addSquare adds the square of |R1| to the 128-bit sum of squares at
// words 2 (low) and 3 (high) of the stddev() entry R0 points to, as
// agg.Func.Add does. BPF has no 64x64->128 multiply, so with |v| =
// h*2^32 + l the square is h*h*2^64 + h*l*2^33 + l*l, each product
// within 64 bits.
func (g *gen) addSquare() {
	abs, c1, c2 := g.label("sqabs"), g.label("sqc1"), g.label("sqc2")
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R1),
		asm.JSGE.Imm(asm.R3, 0, abs),
		asm.Neg.Imm(asm.R3, 0),
	)
	g.setLabel(abs)
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R3),
		asm.RSh.Imm(asm.R4, 32),       // h
		asm.Mov.Reg32(asm.R3, asm.R3), // l
		asm.Mov.Reg(asm.R5, asm.R3),
		asm.Mul.Reg(asm.R5, asm.R3), // l*l
		asm.Mul.Reg(asm.R3, asm.R4), // h*l
		asm.Mul.Reg(asm.R4, asm.R4), // h*h
		asm.Mov.Reg(asm.R2, asm.R3),
		asm.LSh.Imm(asm.R2, 33),
		asm.Add.Reg(asm.R5, asm.R2), // low word of the square
		asm.JGE.Reg(asm.R5, asm.R2, c1),
		asm.Add.Imm(asm.R4, 1),
	)
	g.setLabel(c1)
	g.emit(
		asm.RSh.Imm(asm.R3, 31),
		asm.Add.Reg(asm.R4, asm.R3), // high word of the square
	)
	if g.target.FetchAtomics {
		// The low word is added to atomically and its old value
		// fetched, to find the carry; then the high word is added to:
		// a nested firing's adds in between are kept.
		g.emit(
			asm.Mov.Reg(asm.R2, asm.R5),
			bpfinsn.FetchAdd(asm.R0, asm.R2, 16),
			asm.Add.Reg(asm.R2, asm.R5),
			asm.JGE.Reg(asm.R2, asm.R5, c2),
			asm.Add.Imm(asm.R4, 1),
		)
		g.setLabel(c2)
		g.emit(asm.AddAtomic.Mem(asm.R0, asm.R4, asm.DWord, 24))
		return
	}
	g.emit(
		asm.LoadMem(asm.R2, asm.R0, 16, asm.DWord),
		asm.Add.Reg(asm.R2, asm.R5),
		asm.JGE.Reg(asm.R2, asm.R5, c2),
		asm.Add.Imm(asm.R4, 1),
	)
	g.setLabel(c2)
	g.emit(
		asm.StoreMem(asm.R0, 16, asm.R2, asm.DWord),
		asm.LoadMem(asm.R3, asm.R0, 24, asm.DWord),
		asm.Add.Reg(asm.R3, asm.R4),
		asm.StoreMem(asm.R0, 24, asm.R3, asm.DWord),
	)
}

// bpfNoExist is BPF_NOEXIST: add the entry only if it is not there.
const bpfNoExist = 1

// addWord adds r to the word at off in the entry R0 points to, in one
// atomic add: a firing nested in this one on the same CPU (a profile
// probe's interrupt, a softirq's probe) that adds to the same word
// between a load and a store would otherwise be lost. BPF's atomic add
// (XADD) is as old as eBPF, and costs no more than the three
// instructions it replaces (bench/README.md).
func (g *gen) addWord(off int16, r asm.Register) {
	g.emit(asm.AddAtomic.Mem(asm.R0, r, asm.DWord, off))
}

// bucketAdd adds the increment in R2 to bucket R3 (below n, which the
// check proves to the verifier) of the entry R0 points to.
func (g *gen) bucketAdd(out string, n int) {
	g.emit(
		asm.JGE.Imm(asm.R3, int32(n), out),
		asm.LSh.Imm(asm.R3, 3),
		asm.Add.Reg(asm.R0, asm.R3),
	)
	g.addWord(0, asm.R2)
}

// quantizeBucket sets R3 to the quantize() bucket of the value in R1, as
// agg.QuantizeBucket: zero in the middle, then one bucket per power of
// two of |v| on each side. R4 and R5 are clobbered.
func (g *gen) quantizeBucket() {
	zero, neg, done := g.label("qzero"), g.label("qneg"), g.label("qdone")
	g.emit(
		asm.JEq.Imm(asm.R1, 0, zero),
		asm.Mov.Reg(asm.R4, asm.R1),
		asm.JSLT.Imm(asm.R1, 0, neg+"_abs"),
		asm.Ja.Label(neg+"_log"),
		asm.Neg.Imm(asm.R4, 0).WithSymbol(neg+"_abs"),
	)
	// R3 = floor(log2(R4)), R4 unsigned and non-zero.
	g.emit(asm.Mov.Imm(asm.R3, 0).WithSymbol(neg + "_log"))
	for _, sh := range []int32{32, 16, 8, 4, 2, 1} {
		skip := g.label("qlog")
		g.emit(
			asm.Mov.Reg(asm.R5, asm.R4),
			asm.RSh.Imm(asm.R5, sh),
			asm.JEq.Imm(asm.R5, 0, skip),
			asm.Mov.Reg(asm.R4, asm.R5),
			asm.Add.Imm(asm.R3, sh),
		)
		g.setLabel(skip)
	}
	g.emit(asm.JSLT.Imm(asm.R1, 0, neg))
	g.emit(asm.Add.Imm(asm.R3, agg.QuantizeZero+1), asm.Ja.Label(done))
	g.setLabel(neg)
	// |MinInt64| is 2^63, one power beyond the last bucket: clamp at 0.
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R3),
		asm.Mov.Imm(asm.R3, agg.QuantizeZero-1),
		asm.Sub.Reg(asm.R3, asm.R4),
		asm.JSGE.Imm(asm.R3, 0, done),
		asm.Mov.Imm(asm.R3, 0),
		asm.Ja.Label(done),
	)
	g.setLabel(zero)
	g.emit(asm.Mov.Imm(asm.R3, agg.QuantizeZero))
	g.setLabel(done)
	g.emit(nop())
}

// lquantizeBucket sets R3 to the lquantize() bucket of the value in R1,
// as agg.Params.LQuantizeBucket.
func (g *gen) lquantizeBucket(p agg.Params) {
	under, over, done := g.label("lqunder"), g.label("lqover"), g.label("lqdone")
	top := p.Base + int64(p.Levels)*p.Step
	g.loadConst(asm.R4, p.Base)
	g.emit(asm.JSLT.Reg(asm.R1, asm.R4, under))
	g.loadConst(asm.R5, top)
	g.emit(
		asm.JSGE.Reg(asm.R1, asm.R5, over),
		asm.Mov.Reg(asm.R3, asm.R1),
		asm.Sub.Reg(asm.R3, asm.R4),
	)
	g.loadConst(asm.R5, p.Step)
	g.emit(
		asm.Div.Reg(asm.R3, asm.R5),
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(done),
	)
	g.setLabel(under)
	g.emit(asm.Mov.Imm(asm.R3, 0), asm.Ja.Label(done))
	g.setLabel(over)
	g.emit(asm.Mov.Imm(asm.R3, int32(p.Levels+1)))
	g.setLabel(done)
	g.emit(nop())
}

// llquantizeBucket sets R3 to the llquantize() bucket of the value in R1,
// as agg.Params.LLQuantizeBucket, with one test per magnitude. R4 and R5
// are clobbered.
func (g *gen) llquantizeBucket(n ast.Node, p agg.Params) {
	nbins := agg.LLQuantize.DataLen(p)
	per := p.Steps - p.Steps/p.Factor
	bin0 := (nbins - 1) / 2
	pow := func(e int) uint64 {
		r := uint64(1)
		for ; e > 0; e-- {
			r *= uint64(p.Factor)
		}
		return r
	}
	abs, low, high, sign, done := g.label("llabs"), g.label("lllow"), g.label("llhigh"), g.label("llsign"), g.label("lldone")
	g.emit(asm.Mov.Reg(asm.R4, asm.R1), asm.JSGE.Imm(asm.R4, 0, abs), asm.Neg.Imm(asm.R4, 0))
	g.setLabel(abs)
	g.loadConst(asm.R5, int64(pow(p.LowMag)))
	g.emit(asm.JLT.Reg(asm.R4, asm.R5, low))
	g.loadConst(asm.R5, int64(pow(p.HighMag+1)))
	g.emit(asm.JGE.Reg(asm.R4, asm.R5, high))
	for m := p.LowMag; m <= p.HighMag; m++ {
		top := pow(m + 1)
		next := g.label("llmag")
		g.loadConst(asm.R5, int64(top))
		g.emit(asm.JGE.Reg(asm.R4, asm.R5, next), asm.Mov.Reg(asm.R3, asm.R4))
		switch {
		case top <= math.MaxUint64/uint64(p.Steps):
			g.emit(asm.Mul.Imm(asm.R3, int32(p.Steps)), asm.Div.Reg(asm.R3, asm.R5))
		case top%uint64(p.Steps) == 0:
			g.loadConst(asm.R5, int64(top/uint64(p.Steps)))
			g.emit(asm.Div.Reg(asm.R3, asm.R5))
		default:
			g.unsupported(n, "llquantize() with these parameters")
		}
		g.emit(asm.Add.Imm(asm.R3, int32((m-p.LowMag)*per-p.Steps/p.Factor)), asm.Ja.Label(sign))
		g.setLabel(next)
	}
	g.setLabel(low)
	g.emit(asm.Mov.Imm(asm.R3, int32(bin0)), asm.Ja.Label(done))
	g.setLabel(high)
	g.emit(asm.Mov.Imm(asm.R3, int32(nbins-1)), asm.JSGE.Imm(asm.R1, 0, done), asm.Mov.Imm(asm.R3, 0), asm.Ja.Label(done))
	neg := g.label("llneg")
	g.setLabel(sign)
	g.emit(asm.JSLT.Imm(asm.R1, 0, neg), asm.Add.Imm(asm.R3, int32(bin0+1)), asm.Ja.Label(done))
	g.setLabel(neg)
	g.emit(asm.Mov.Reg(asm.R4, asm.R3), asm.Mov.Imm(asm.R3, int32(bin0-1)), asm.Sub.Reg(asm.R3, asm.R4))
	g.setLabel(done)
	g.emit(nop())
}

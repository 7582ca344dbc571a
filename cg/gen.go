package cg

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// Registers every clause keeps (callee-saved, so helpers keep them).
const (
	rCtx     = asm.R6
	rScratch = asm.R7
	rGlobals = asm.R8
	rStrtab  = asm.R9
)

// maxDepth is the number of 8-byte stack slots a clause spills pending
// operands to (and a few helpers use as buffers). The 512 bytes of BPF
// stack are shared along a call chain, trampoline, clause, fault
// subprogram and ERROR clause, so a clause takes less than half.
const maxDepth = 28

// ErrNotSupported is wrapped by the errors for D constructs code
// generation does not handle yet.
var ErrNotSupported = errors.New("not supported yet")

// gen holds the state of one compilation.
type gen struct {
	prog   *Program
	info   *check.Info
	file   *token.File
	m      Matcher
	l      *bpfrt.Layout
	strbuf int // the size of a string buffer: strsize characters and the NUL
	// pcapsize is how many bytes of a packet pcap() records.
	pcapsize int
	frames   int // the stackframes option
	target   Target
	// uframes and jframes are the ustackframes and jstackframes options,
	// maxFrames the maxframes option, which bounds every stack.
	uframes, jframes, maxFrames int
	nspec                       int  // the nspec option: the number of speculative buffers
	unwind                      bool // the ustackunwind option: user stacks from unwind tables (unwind.go)
	unwindRows                  int  // the rows the ustacktablesize option holds
	// slots is the number of string scratch slots laid out; slotsWanted
	// the most an expression took (see strSlot).
	slots, slotsWanted int

	globals     map[*check.Var]int
	globalsSize int
	this        map[*check.Var]int
	thisSize    int
	dyn         map[*check.Var]*dynVar
	aggs        map[*check.Var]*Agg
	strs        map[string]int
	formats     map[string]int
	keyArea     int // offset of the key staging area from Layout.This
	valArea     int // offset of the value staging area from Layout.This
	allocArea   int // offset of the alloca() area from Layout.This
	allocSize   int // size of the alloca() area
	strtokArea  int // offset of the strtok() state from Layout.This
	baseWord    int // offset from Layout.This of two words for scratch numbers (storeMem, forget)
	xlateArea   int // offset of the translation area from Layout.This (xlate.go)
	xlateSize   int // size of the translation area

	// The alloca() area: the bytes each clause uses, whether it takes
	// sizes known only at run time (which it then takes from the top
	// word), and the scratchsize option that bounds them (memory.go).
	allocNeed []int
	allocDyn  []bool
	allocTop  int
	scratch   int
	// recSize is the record size asked of the layout.
	recSize int
	// tregs is DTrace's number of tuple registers (option tregs),
	// which bounds the keys of an associative array or aggregation.
	tregs int
	// deferCopies says copies that fail may defer (defer.go): the
	// nocopyretry option is off.
	deferCopies bool

	kstackArea int // offset from Layout.This of the buffer kernel stacks are taken into (kstack.go)

	// ci is the clause being generated, or scanned before code
	// generation: what its args[] are.
	ci *check.ClauseInfo

	c *clause // the clause being generated
}

// clause is the state of the clause being generated.
type clause struct {
	id     int
	probes []Probe
	insns  asm.Instructions
	recs   []bpfrt.RecDesc
	size   int
	depth  int
	slot   int
	alloca int  // bytes of the alloca() area used
	faults bool // a fault path was generated
	// allocaTop says the clause keeps the top word of its alloca() area
	// (allocacheck.go), which its prologue zeroes.
	allocaTop bool
	full      ast.Node // the outermost full expression being generated
	xin       []int    // stack slots of the inputs of the translations being generated
	// inlineArgs are the stack slots of the arguments of the inline
	// arrays being generated, by parameter.
	inlineArgs map[*check.Var]int
	xarea      int // bytes of the translation area taken
	nlabel     int
	pending    string // label of the next instruction
	cond       int    // depth of if statements around the code being generated
	exits      bool   // the clause calls exit()
	// speculates says the clause calls speculate(): its record goes out
	// with the speculation id in its header, or not at all for id 0.
	speculates bool
	guards     []int  // record offsets of the guards, zeroed at clause entry
	globals    bool   // the clause uses rGlobals
	strtab     bool   // the clause uses rStrtab
	argsRead   uint16 // the arguments the clause reads (bpfrt.Stmt.ArgsRead)
	// allocLimit is the clause's part of the alloca() area; dynAlloca
	// says it allocates sizes known only at run time, and so takes all
	// its alloca() memory at run time.
	allocLimit int
	dynAlloca  bool
	// Deferred copies (defer.go): deferOK says a failed copy may defer
	// where it is being generated, effected that code generated so far
	// has an effect outside the record, defers that some copy defers,
	// isError that the clause is one of dtrace:::ERROR.
	deferOK, effected, defers, isError bool
}

// Compile generates the code of a checked program for target. m gives
// the probes each clause enables; opts the options that shape the code
// (strsize).
// A program whose expressions need more string scratch slots than the
// default number is generated again with as many as they need, when the
// scratch space has room for them.
func Compile(prog *ast.Program, info *check.Info, m Matcher, opts Options, target Target) (*Program, error) {
	rec := recordSize
	p, want, err := compileSlots(prog, info, m, opts, target, 0, rec)
	// A clause that records more than the usual record size (ten
	// pcap()s of 1600 bytes) gets what it needs when the scratch value
	// can spare it; else the first error stands. The size needed is
	// known as far as the first record that did not fit, hence a loop.
	var big *recordTooBig
	for first := err; errors.As(err, &big); {
		more := (big.need + 1023) &^ 1023
		if more <= rec {
			// The layout could not give the size asked.
			err = first
			break
		}
		rec = more
		p, want, err = compileSlots(prog, info, m, opts, target, 0, rec)
	}
	if err != nil || want == 0 {
		return p, err
	}
	p, again, err := compileSlots(prog, info, m, opts, target, want, rec)
	if err == nil && again != 0 {
		err = fmt.Errorf("internal error: %d string scratch slots laid out, %d needed", want, again)
	}
	return p, err
}

// compileSlots generates the code of a program with at least slots string
// scratch slots. When an expression needs more, it returns how many.
func compileSlots(prog *ast.Program, info *check.Info, m Matcher, opts Options, target Target, slots, rec int) (p *Program, want int, err error) {
	g := &gen{
		slots:       slots,
		recSize:     rec,
		prog:        &Program{WallOffset: -1},
		info:        info,
		file:        prog.File,
		m:           m,
		strbuf:      bpfrt.DefaultStrSize + 1,
		pcapsize:    defaultPcapSize,
		maxFrames:   maxFrames,
		target:      target,
		frames:      defaultFrames,
		uframes:     defaultUFrames,
		jframes:     defaultJFrames,
		globals:     map[*check.Var]int{},
		this:        map[*check.Var]int{},
		dyn:         map[*check.Var]*dynVar{},
		aggs:        map[*check.Var]*Agg{},
		strs:        map[string]int{},
		formats:     map[string]int{},
		scratch:     defaultScratch,
		tregs:       defaultTupleRegs,
		deferCopies: true,
	}
	if opts != nil {
		if v, ok := opts.Value("strsize"); ok && v > 0 {
			g.strbuf = int(v) + 1
		}
		if v, ok := opts.Value("pcapsize"); ok && v > 0 {
			g.pcapsize = int(v)
		}
		if v, ok := opts.Value("stackframes"); ok && v > 0 {
			g.frames = int(min(v, maxFrames))
		}
		if v, ok := opts.Value("ustackframes"); ok && v > 0 {
			g.uframes = int(min(v, maxFrames))
		}
		if v, ok := opts.Value("jstackframes"); ok && v > 0 {
			g.jframes = int(min(v, maxFrames))
		}
		if v, ok := opts.Value("maxframes"); ok && v > 0 {
			g.maxFrames = int(min(v, maxFrames))
		}
		g.unwind = opts.Bool("ustackunwind")
		g.deferCopies = !opts.Bool("nocopyretry")
		if v, ok := opts.Value("ustacktablesize"); ok && v > 0 {
			g.unwindRows = int(min(max(v/bpfrt.URowSize, 1), 1<<28))
		}
		if v, ok := opts.Value("nspec"); ok && v > 0 {
			g.nspec = int(min(v, maxNSpec))
		}
		if v, ok := opts.Value("tregs"); ok && v > 0 {
			g.tregs = int(min(v, math.MaxInt32))
		}
		// The option holds the size with room for DTrace's 8-byte
		// header of the scratch area, which alloca() memory lacks here.
		if v, ok := opts.Value("scratchsize"); ok && v > 8 {
			g.scratch = int(min(v-8, maxScratch))
		}
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(cgError)
			if !ok {
				panic(r)
			}
			p, err = nil, e.err
		}
	}()
	g.layout(prog, opts)
	// DTrace makes a statement of each probe description of a clause,
	// numbered in order: its number names the clause in fault messages
	// (dt_clause_N) and is the ERROR probe's arg2. A clause here is one
	// statement, numbered as its first description's.
	stmt := 0
	for i, ci := range info.Clauses {
		if err := g.clause(i, stmt, ci); err != nil {
			return nil, 0, err
		}
		stmt += len(ci.Clause.Descs)
	}
	if g.slotsWanted > g.l.StrSlots {
		return nil, g.slotsWanted, nil
	}
	g.finish()
	return g.prog, 0, nil
}

// recordTooBig is the error of a clause whose record outgrows the record
// size; need is the size it needs so far.
type recordTooBig struct{ clause, size, need int }

func (e *recordTooBig) Error() string {
	return fmt.Sprintf("clause %d records more than %d bytes", e.clause, e.size)
}

// cgError carries an error out of the recursive generator.
type cgError struct{ err error }

// Error is what code generation refuses, placed on the line of the D
// construct it is about, as DTrace's code generator places its errors:
// for DTrace, code generation is the last step of compiling, so the
// driver words these as compile errors.
type Error struct {
	// Pos is where the construct is; a zero Line when the error is about
	// the program as a whole.
	Pos token.Position
	// Tag is DTrace's tag for the error: D_UNKNOWN, the tag DTrace gives
	// what its code generator does not implement, unless DTrace has a
	// more precise one.
	Tag diag.Tag
	Err error
}

func (e *Error) Error() string {
	if e.Pos.Line > 0 {
		return fmt.Sprintf("line %d: %v", e.Pos.Line, e.Err)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// fail stops code generation with an error about node n.
func (g *gen) fail(n ast.Node, err error) {
	g.failTag(n, diag.D_UNKNOWN, err)
}

// failTag stops code generation with an error about node n that DTrace
// tags tag.
func (g *gen) failTag(n ast.Node, tag diag.Tag, err error) {
	e := &Error{Tag: tag, Err: err}
	if g.file != nil && n != nil && n.Pos().IsValid() {
		e.Pos = g.file.Position(n.Pos())
	}
	panic(cgError{e})
}

// tooComplex stops code generation on an expression whose pending
// values, kept on the BPF stack while the rest is evaluated, need more
// of it than a clause has: a limit of the machine, as DTrace has its
// "Insufficient registers to generate code", not a construct missing.
func (g *gen) tooComplex(n ast.Node) {
	g.fail(n, fmt.Errorf("expression too complex: it keeps more than the %d values pending that a clause's share of the BPF stack holds", maxDepth))
}

// kernelLacks stops code generation on what the kernel's types do not
// give a built-in the structures it walks (d_path()'s struct mount):
// nothing is missing from code generation, no code could do it there.
func (g *gen) kernelLacks(n ast.Node, what string) {
	g.fail(n, errors.New(what))
}

// unsupported stops code generation on a construct it lacks.
func (g *gen) unsupported(n ast.Node, what string) {
	g.fail(n, fmt.Errorf("%s: %w", what, ErrNotSupported))
}

// layout assigns storage to every variable of the program, in the order
// of first appearance, and lays out the scratch value: the this-> space
// holds the clause-locals, then the staging areas where map keys and
// values are built.
func (g *gen) layout(prog *ast.Program, opts Options) {
	var dynKey, dynVal, aggKey, aggVal, aggVals, aggTuple int
	// tuple and dynValue are DTrace's measure of the dynamic variables
	// (bpfrt.Config.DynTuple and DynValue).
	var tuple, dynValue int
	assigns := g.aggAssigns(prog)
	g.checkTuples(prog)
	ast.Inspect(prog, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok {
			if v := g.aggOf(a.Lhs); v != nil && g.aggs[v] == nil {
				ag := g.newAgg(a, v, assigns[v])
				aggVal = max(aggVal, 8*ag.Func.DataLen(ag.Params))
				aggTuple = max(aggTuple, g.dtraceTuple(v))
				if len(ag.Keys) == 0 {
					ag.Slot, aggVals = aggVals, aggVals+1
				} else {
					aggKey = max(aggKey, ag.KeySize)
				}
			}
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		v := g.info.Vars[e]
		if v == nil {
			return true
		}
		switch v.Kind {
		case check.Global:
			if _, ok := g.globals[v]; !ok && v.Type != nil {
				g.globals[v] = g.globalsSize
				g.globalsSize += align8(g.sizeof(v.Type))
			}
		case check.ClauseLocal:
			if _, ok := g.this[v]; !ok && v.Type != nil {
				g.this[v] = g.thisSize
				g.thisSize += align8(g.sizeof(v.Type))
			}
		case check.ThreadLocal, check.Assoc:
			if _, ok := g.dyn[v]; !ok && v.Type != nil {
				d := g.newDynVar(e, v)
				dynKey, dynVal = max(dynKey, d.keySize), max(dynVal, d.valSize)
				dynValue = max(dynValue, g.sizeof(v.Type))
				if v.Kind == check.Assoc {
					tuple = max(tuple, g.dtraceTuple(v))
				}
			}
		}
		return true
	})
	dynKey, dynVal, aggKey, aggVal = align8(dynKey), align8(dynVal), align8(aggKey), align8(aggVal)
	// Keys and values of both maps are staged in the same areas.
	keySize, valSize := max(dynKey, aggKey, 8), max(dynVal, aggVal, 8)
	g.keyArea = align8(g.thisSize)
	g.valArea = g.keyArea + keySize
	g.baseWord = g.valArea + valSize
	g.allocTop = g.baseWord + 16
	g.allocArea = g.allocTop + 8
	g.allocNeed, g.allocDyn = g.allocNeeds(g.scratch)
	// At least a word, so that a store through a pointer has an area to
	// check its address against even when nothing is alloca'd.
	g.allocSize = 8
	for _, n := range g.allocNeed {
		g.allocSize = max(g.allocSize, n)
	}
	g.strtokArea = g.allocArea + g.allocSize
	g.xlateArea = g.strtokArea + g.strtokSize()
	g.xlateSize = g.xlateNeeds()
	g.kstackArea = g.xlateArea + g.xlateSize
	cfg := bpfrt.Config{
		StrSize:    g.strbuf,
		StrSlots:   max(strSlots(g.strbuf), g.slots),
		ThisSize:   g.kstackArea + g.kstackSize(prog),
		DynKeySize: dynKey,
		DynValSize: dynVal,
		DynTuple:   max(tuple, aggTuple),
		DynValue:   dynValue,
		AggKeySize: aggKey,
		AggValSize: aggVal,
		AggVals:    aggVals,
		AggTuple:   aggTuple,
		NSpec:      g.nspec,
	}
	if opts != nil {
		if v, ok := opts.Value("cpu"); ok && v >= 0 && v <= math.MaxInt32 {
			cfg.OneCPU, cfg.CPU = true, int(v)
		}
	}
	// A clause's record holds every value it traces, and a printf() of
	// many strings takes strsize bytes for each: records get what the
	// scratch value can spare beyond the default, when it can.
	cfg.RecordSize = g.recSize
	l, err := bpfrt.NewLayout(cfg)
	if err != nil {
		cfg.RecordSize = 0
		l, err = bpfrt.NewLayout(cfg)
	}
	if err != nil {
		g.fail(nil, err)
	}
	if l.This+g.allocArea+2*g.allocSize > l.Size {
		g.fail(nil, fmt.Errorf("%d bytes of alloca() memory do not fit in the scratch space: lower scratchsize", g.allocSize))
	}
	g.l = l
	g.prog.Config = cfg
}

// finish sizes what depends on all clauses.
func (g *gen) finish() {
	g.prog.Layout = g.l
	for v, off := range g.globals {
		g.prog.Slots = append(g.prog.Slots, Slot{Name: v.Name, Offset: off, Size: g.sizeof(v.Type)})
	}
	for v, off := range g.this {
		g.prog.Slots = append(g.prog.Slots, Slot{Name: v.Name, Local: true, Offset: off, Size: g.sizeof(v.Type)})
	}
	g.prog.Config.GlobalsSize = max(g.globalsSize, 8)
	g.prog.Config.StrtabSize = max(len(g.prog.Strtab), 8)
	slices.SortFunc(g.prog.Aggs, func(a, b *Agg) int { return a.ID - b.ID })
}

// defaultFrames, defaultUFrames and defaultJFrames are DTrace's defaults
// of stackframes, ustackframes and jstackframes; maxFrames bounds them by
// the kernel's perf_event_max_stack default.
const (
	defaultFrames  = 20
	defaultUFrames = 100
	defaultJFrames = 50
	maxFrames      = 127
)

// recordSize is the record size a program asks for.
const recordSize = 12 << 10

// strSlots is the number of string scratch slots of strings of strbuf
// bytes: 8 unless that takes more than 8 KiB of the 32 KiB scratch value,
// DTrace's strsize default of 256 leaving room for a deep expression.
func strSlots(strbuf int) int {
	return max(min(8, (8<<10)/strbuf), 4)
}

func align8(n int) int { return (n + 7) &^ 7 }

// sizeof is the storage size of a value of type t.
func (g *gen) sizeof(t *ctype.Type) int {
	if isStack(t) {
		return 8 * g.frames
	}
	if ctype.IsString(t) {
		return g.strbuf
	}
	return int(t.Sizeof())
}

// clause generates probe clause id (its index), the statement numbered
// stmtID.
func (g *gen) clause(id, stmtID int, ci *check.ClauseInfo) error {
	c := &clause{id: id, allocLimit: g.allocNeed[id], dynAlloca: g.allocDyn[id]}
	g.c, g.ci = c, ci
	seen := map[uint32]bool{}
	for _, d := range ci.Clause.Descs {
		ps, err := g.m.Match(d)
		if err != nil {
			return fmt.Errorf("probe description %s: %w", d.String(), err)
		}
		for _, p := range ps {
			if !seen[p.ID] {
				seen[p.ID] = true
				c.probes = append(c.probes, p)
			}
			c.isError = c.isError || p.Provider == "dtrace" && p.Name == "ERROR"
		}
	}
	out := g.label("out")
	if ci.Clause.Pred != nil {
		done, deferred := g.fullExpr(ci.Clause.Pred), g.deferrable(ci.Clause.Pred, false)
		g.cond(ci.Clause.Pred)
		deferred()
		done()
		g.emit(asm.JEq.Imm(asm.R0, 0, out))
	}
	for _, s := range ci.Clause.Body {
		g.stmt(s)
	}
	// As in DTrace, a clause sends a record when it has data to send, when
	// it calls exit() (which DTrace records) and when it is empty (the
	// default action: the probe line alone).
	// A speculative clause records at least its EPID, as in DTrace.
	switch {
	case c.speculates:
		g.emit(g.l.OutputSpec(rCtx, rScratch, c.size, g.label("specout"))...)
	case len(c.recs) > 0 || c.exits || len(ci.Clause.Body) == 0:
		g.emit(g.l.Output(rCtx, rScratch, c.size)...)
	}
	g.setLabel(out)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())

	prologue := asm.Instructions{
		asm.Mov.Reg(rCtx, asm.R1),
		asm.Mov.Reg(rScratch, asm.R2),
	}
	fail := g.label("nomap")
	if c.globals {
		prologue = append(prologue, g.l.LookupGlobals(rGlobals, rScratch, fail)...)
	}
	if c.strtab {
		prologue = append(prologue, bpfrt.LookupValue(bpfrt.MapStrtab, rStrtab, rScratch, fail)...)
	}
	for _, off := range c.guards {
		prologue = append(prologue, asm.StoreImm(rScratch, g.stageOff(off), 0, asm.Byte))
	}
	if c.dynAlloca || c.allocaTop {
		prologue = append(prologue, bpfrt.StoreImm64(rScratch, int16(g.l.This+g.allocTop), 0))
	}
	if c.speculates {
		// speculate() may not run (an if), and then nothing is output.
		prologue = append(prologue, asm.StoreImm(rScratch, int16(g.l.Stage+4), 0, asm.Word))
	}
	if c.globals || c.strtab {
		// The return for a missing map comes right after the prologue,
		// which jumps to it: the clause's end may be farther than a
		// jump reaches.
		body := c.insns[0].Symbol()
		if body == "" {
			body = g.label("body")
			c.insns[0] = c.insns[0].WithSymbol(body)
		}
		prologue = append(prologue, asm.Ja.Label(body), asm.Mov.Imm(asm.R0, 0).WithSymbol(fail), asm.Return())
	}
	insns := append(prologue, c.insns...)
	stmt := &bpfrt.Stmt{ID: stmtID, Insns: insns, Recs: c.recs, DataSize: c.size, ArgsRead: c.argsRead, Defers: c.defers}
	if c.defers {
		g.prog.Config.Defer = true
	}
	g.prog.Clauses = append(g.prog.Clauses, &Clause{Stmt: stmt, Desc: ci.Clause.Descs[0].String(), Probes: c.probes, CanFault: c.faults})
	g.c, g.ci = nil, nil
	return nil
}

// emit appends instructions to the clause, the first one carrying the
// pending label.
func (g *gen) emit(insns ...asm.Instruction) {
	c := g.c
	for _, ins := range insns {
		if c.pending != "" {
			ins = ins.WithSymbol(c.pending)
			c.pending = ""
		}
		c.insns = append(c.insns, ins)
	}
}

// label returns a label unique in the whole program.
func (g *gen) label(what string) string {
	g.c.nlabel++
	return fmt.Sprintf("c%d_%s_%d", g.c.id, what, g.c.nlabel)
}

// setLabel makes l the label of the next instruction emitted.
func (g *gen) setLabel(l string) {
	if g.c.pending != "" {
		g.emit(nop())
	}
	g.c.pending = l
}

// nop is "goto +0", what a label lands on when two labels meet.
func nop() asm.Instruction {
	return asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}
}

// pc is the index of the next instruction of the clause body, the "BPF
// pc" of fault messages (DTrace's own numbers differ, and its test suite
// masks them).
func (g *gen) pc() int32 { return int32(len(g.c.insns)) }

// push spills R0 to the next stack slot.
func (g *gen) push(n ast.Node) {
	if g.c.depth == maxDepth {
		g.tooComplex(n)
	}
	g.c.depth++
	g.emit(asm.StoreMem(asm.RFP, int16(-8*g.c.depth), asm.R0, asm.DWord))
}

// pop reloads the last spilled value into r.
func (g *gen) pop(r asm.Register) {
	g.emit(asm.LoadMem(r, asm.RFP, int16(-8*g.c.depth), asm.DWord))
	g.c.depth--
}

// record reserves size bytes aligned to align in the clause's record and
// returns the offset of the field from the start of the record data.
func (g *gen) record(act bpfrt.Action, size, align int, kind Kind, format int) int {
	c := g.c
	off := (c.size + align - 1) &^ (align - 1)
	if need := bpfrt.RecHeaderSize + off + size; need > g.l.RecordSize {
		g.fail(nil, &recordTooBig{clause: c.id, size: g.l.RecordSize, need: need})
	}
	c.recs = append(c.recs, bpfrt.RecDesc{Action: act, Offset: uint32(off), Size: uint32(size), Align: uint16(align), Format: format, Arg: uint64(kind)})
	c.size = off + size
	return off
}

// stageOff is the offset from the scratch pointer of record data offset.
func (g *gen) stageOff(off int) int16 { return int16(g.l.Stage + bpfrt.RecHeaderSize + off) }

// stmt generates a statement.
func (g *gen) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		done, deferred := g.fullExpr(s.X), g.deferrable(s.X, true)
		g.exprStmt(s.X)
		deferred()
		done()
	case *ast.BlockStmt:
		for _, s := range s.List {
			g.stmt(s)
		}
	case *ast.IfStmt:
		els, end := g.label("else"), g.label("endif")
		done, deferred := g.fullExpr(s.Cond), g.deferrable(s.Cond, false)
		g.cond(s.Cond)
		deferred()
		done()
		g.emit(asm.JEq.Imm(asm.R0, 0, els))
		g.c.cond++
		g.stmt(s.Then)
		g.emit(asm.Ja.Label(end))
		g.setLabel(els)
		if s.Else != nil {
			g.stmt(s.Else)
		}
		g.c.cond--
		g.setLabel(end)
		g.emit(nop())
	case *ast.EmptyStmt:
	default:
		g.unsupported(s, "statement "+ast.String(s))
	}
}

// exprStmt generates an expression statement: an action, an aggregation
// or an expression evaluated for its side effects.
func (g *gen) exprStmt(e ast.Expr) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if g.action(call) {
			return
		}
	}
	if a, ok := e.(*ast.AssignExpr); ok {
		if v := g.aggOf(a.Lhs); v != nil {
			g.aggregate(a, v)
			return
		}
	}
	g.expr(e)
}

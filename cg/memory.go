package cg

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/token"
)

// alloca() memory is an area of the clause-local space. In a clause
// whose alloca() and copyin() sizes are all constants, each call gets its
// own constant offset in it, so a pointer to alloca'd memory is a real
// kernel address (as in DTrace, it prints as one) that loads read with
// bpf_probe_read_kernel like any other. A clause that allocates a size
// known only at run time takes all its allocations in order from an
// area of scratchsize bytes with a bump pointer (the top word), and an
// allocation that does not fit faults with "out of scratch space", as in
// DTrace. A store through a pointer is only
// allowed into the area: the verifier cannot write through an address it
// does not know, so the store turns the address back into an offset from
// the scratch value, checks it against the area and writes through the
// scratch pointer.
//
// A size known only at run time is checked against the area before use,
// but the verifier only learns each of the offset and the size is below
// the area's size, not their sum: the scratch value must hold twice the
// area after its start, which it does (the string slots and the record
// staging area follow), and layout checks.

// defaultScratch is the alloca() space a clause with sizes known only at
// run time gets: DTrace's scratchsize default. maxScratch bounds the
// option by what the 32 KiB scratch value can spare.
const (
	defaultScratch = 256
	maxScratch     = 8 << 10
)

// allocNeeds returns, for each clause, the bytes of its alloca() area:
// the sum of its constant-size alloca() and copyin() memory, or at least
// scratch bytes when it allocates a size known only at run time, which
// dynamic reports. The calls counted include those of the inlines and
// translator members the clause uses, whose code is generated where they
// are used (curpsinfo->pr_argc copies in).
func (g *gen) allocNeeds(scratch int) (needs []int, dynamics []bool) {
	needs = make([]int, len(g.info.Clauses))
	dynamics = make([]bool, len(g.info.Clauses))
	saved := g.ci
	defer func() { g.ci = saved }()
	for i, ci := range g.info.Clauses {
		g.ci = ci // translation() finds translated args[] through it
		n, dynamic := 0, false
		var walk func(ast.Node, int)
		walk = func(root ast.Node, depth int) {
			if depth > maxExpansion {
				return // a cycle the checker let through: counted enough
			}
			ast.Inspect(root, func(x ast.Node) bool {
				switch x := x.(type) {
				case *ast.Ident:
					if v := g.info.Vars[x]; v != nil && v.Kind == check.Inline && v.Inline != nil {
						walk(v.Inline.Value, depth+1)
					}
				case *ast.XlateExpr:
					// Materialised whole (*curpsinfo), it evaluates every
					// member.
					if xl := g.info.Xlated[x]; xl != nil {
						for _, m := range xl.Decl.Members {
							walk(m.Value, depth+1)
						}
					}
				case *ast.SelectorExpr:
					if tr, ok := g.translation(x.X); ok {
						if val := memberOf(tr.xl, x.Sel.Name); val != nil {
							walk(val, depth+1)
						}
					}
				case *ast.CallExpr:
					arg := -1
					switch {
					case isCall(x, "alloca") && len(x.Args) == 1:
						arg = 0
					case isCall(x, "copyin") && len(x.Args) == 2:
						arg = 1
					}
					if arg < 0 {
						return true
					}
					if ti := g.info.Types[x.Args[arg]]; ti != nil && constSize(x, ti) {
						n += align8(int(ti.Value))
					} else {
						dynamic = true
					}
				}
				return true
			})
		}
		walk(ci.Clause, 0)
		if dynamic {
			n = max(n, scratch)
		}
		needs[i], dynamics[i] = n, dynamic
	}
	return needs, dynamics
}

// maxExpansion bounds how deep allocNeeds follows inlines and translator
// members into one another.
const maxExpansion = 16

// constSize reports whether the size ti of an alloca() or copyin() call
// is laid out at compile time: a constant that alloca() may allocate
// even when 0, and copyin() when it copies something.
func constSize(call *ast.CallExpr, ti *check.TypeInfo) bool {
	return ti.Const && (ti.Value > 0 || ti.Value == 0 && isCall(call, "alloca"))
}

// isCall reports whether call calls the function name.
func isCall(call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && id.Name == name
}

// alloca points R0 at a zeroed piece of n bytes of the clause's alloca
// area.
func (g *gen) alloca(call *ast.CallExpr, n int) {
	if g.c.dynAlloca {
		g.emit(asm.Mov.Imm(asm.R0, int32(n)))
		g.allocaDyn(call)
		return
	}
	size := align8(n)
	off := g.l.This + g.allocArea + g.c.alloca
	g.c.alloca += size
	if g.c.alloca > g.allocSize {
		g.fail(call, fmt.Errorf("%d bytes do not fit in the %d bytes of alloca() memory", g.c.alloca, g.allocSize))
	}
	for i := 0; i < size; i += 8 {
		g.emit(bpfrt.StoreImm64(rScratch, int16(off+i), 0))
	}
	// The top of what the clause has allocated, for allocaCheck: the
	// constant offsets grow in the order the code runs.
	g.c.allocaTop = true
	g.emit(bpfrt.StoreImm64(rScratch, int16(g.l.This+g.allocTop), int32(g.c.alloca)))
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// allocaDyn points R0 at a zeroed piece of the clause's alloca area of
// the size in R0, taken at the top word, and leaves the size in R1; a
// size that does not fit faults with "out of scratch space".
func (g *gen) allocaDyn(n ast.Node) {
	limit := int32(g.c.allocLimit)
	top := int16(g.l.This + g.allocTop)
	start := int32(g.l.This + g.allocArea)
	nos, ok := g.label("noscratch"), g.label("allocdyn")
	g.emit(asm.JGT.Imm(asm.R0, limit, nos))
	g.push(n)
	// R1 = the top, R2 = the new top; the test of R1 only tells the
	// verifier what R2's implies.
	g.emit(
		asm.LoadMem(asm.R1, rScratch, top, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Add.Imm(asm.R2, 7),
		asm.And.Imm(asm.R2, -8),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.JGT.Imm(asm.R2, limit, nos),
		asm.JGT.Imm(asm.R1, limit, nos),
		asm.StoreMem(rScratch, top, asm.R2, asm.DWord),
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Imm(asm.R0, start),
		asm.Add.Reg(asm.R0, asm.R1),
	)
	// Zero it: bpf_probe_read_kernel clears its destination when it
	// cannot read, and nothing can be read at address 0.
	g.emit(asm.LoadMem(asm.R2, asm.RFP, int16(-8*g.c.depth), asm.DWord))
	g.push(n)
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R3, 0),
		asm.FnProbeReadKernel.Call(),
	)
	g.pop(asm.R0)
	g.pop(asm.R1)
	g.emit(asm.Ja.Label(ok))
	g.setLabel(nos)
	g.fault(bpfrt.FaultNoScratch)
	g.setLabel(ok)
	g.emit(nop())
}

// storeMem stores R0 (an integer normalised to t) at the address of e,
// which inKernel designates, leaving the value in R0; an address outside
// the alloca area faults.
func (g *gen) storeMem(e ast.Expr, t *ctype.Type) {
	if ctype.IsString(t) || isCharArray(t) {
		g.storeStrMem(e, t)
		return
	}
	if isAggregate(t) {
		g.storeBytesMem(e, t)
		return
	}
	if !ctype.IsInteger(t) && !ctype.IsPointer(t) {
		g.unsupported(e, "store of a value of type "+t.String()+" through a pointer")
	}
	size := int(t.Sizeof())
	bits, isBits := g.bitField(e)
	if isBits {
		size, _ = bitUnit(bits)
	}
	g.push(e)
	g.kaddr(e)
	g.writablePtr(e, size)
	start := g.l.This + g.allocArea
	if isBits {
		g.pop(asm.R1)
		g.storeBits(bits, t, int16(start))
		return
	}
	g.pop(asm.R0)
	g.emit(asm.StoreMem(asm.R2, int16(start), asm.R0, sizeOp(size)))
}

// storeBytesMem stores the struct, union or array R0 points to at the
// address of e, by value as DTrace copies it: t's size of bytes, read
// where they are (the kernel's memory or D's own); R0 keeps the source.
func (g *gen) storeBytesMem(e ast.Expr, t *ctype.Type) {
	size := int(t.Sizeof())
	g.push(e)
	g.kaddr(e)
	g.writablePtr(e, size)
	g.emit(
		asm.Add.Imm(asm.R2, int32(g.l.This+g.allocArea)),
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.LoadMem(asm.R3, asm.RFP, int16(-8*g.c.depth), asm.DWord),
		asm.FnProbeReadKernel.Call(),
	)
	g.pop(asm.R0)
}

// storeStrMem stores the string R0 points to at the address of e, as a
// string of type t: its characters up to t's size, NUL-terminated, as
// DTrace copies a string by value; the value stays in R0.
func (g *gen) storeStrMem(e ast.Expr, t *ctype.Type) {
	size := int(t.Sizeof())
	g.notNull()
	g.push(e)
	g.kaddr(e)
	g.writablePtr(e, size)
	g.emit(
		asm.Add.Imm(asm.R2, int32(g.l.This+g.allocArea)),
		asm.LoadMem(asm.R0, asm.RFP, int16(-8*g.c.depth), asm.DWord),
	)
	g.copyStrN(asm.R2, 0, size)
	g.pop(asm.R0)
}

// writablePtr sets R2 so that R2 plus the start of the alloca() area
// addresses the size bytes at the address in R0, which must be D's own
// memory: the storage of the global variables (an array a pointer was
// set to, as in p = arr; p[1] = 2), or alloca() memory; any other
// address faults.
func (g *gen) writablePtr(n ast.Node, size int) {
	if g.globalsSize < size {
		g.allocaPtr(n, size)
		return
	}
	g.c.globals = true
	start := int32(g.l.This + g.allocArea)
	base := int16(g.l.This + g.baseWord)
	other, done := g.label("notglobal"), g.label("globalok")
	// As in allocaPtr, the map value's address is compared as a number.
	g.forget(asm.R0, 1)
	g.emit(
		asm.StoreMem(rScratch, base, rGlobals, asm.DWord),
		asm.LoadMem(asm.R1, rScratch, base, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.JGT.Imm(asm.R2, int32(g.globalsSize-size), other),
		asm.Add.Reg(asm.R2, rGlobals),
		asm.Sub.Imm(asm.R2, start),
		asm.Ja.Label(done),
	)
	g.setLabel(other)
	g.allocaPtr(n, size)
	g.setLabel(done)
	g.emit(nop())
}

// allocaPtr checks that the size bytes at the address in R0 lie in the
// alloca() area and sets R2 to their offset from the area's start plus
// the scratch pointer, so that R2+start addresses them; any other
// address faults.
func (g *gen) allocaPtr(n ast.Node, size int) {
	if size > g.allocSize {
		g.fail(n, fmt.Errorf("%d bytes do not fit in the %d bytes of alloca() memory", size, g.allocSize))
	}
	start := g.l.This + g.allocArea
	base := int16(g.l.This + g.baseWord)
	ok := g.label("allocok")
	// The scratch pointer stored into the map value and read back is its
	// address as a plain number (root may leak pointers into maps); so is
	// the address, which may be a pointer fresh from alloca().
	g.forget(asm.R0, 1)
	g.emit(
		asm.StoreMem(rScratch, base, rScratch, asm.DWord),
		asm.LoadMem(asm.R1, rScratch, base, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.Sub.Imm(asm.R2, int32(start)),
		asm.JLE.Imm(asm.R2, int32(g.allocSize-size), ok),
	)
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(asm.Add.Reg(asm.R2, rScratch))
}

// copyMem copies size bytes of user memory at addr into fresh alloca()
// memory (copyin()), or into the alloca'd dest (copyinto()); with
// kernel, bcopy() copies kernel memory the same way. A size known only
// at run time is checked against the alloca() area first.
func (g *gen) copyMem(call *ast.CallExpr, addr, sizeArg, dest ast.Expr, kernel bool) {
	ti := g.typeOf(sizeArg)
	start := int32(g.l.This + g.allocArea)
	g.expr(addr)
	if kernel && ti.Const && ti.Value > 0 && ti.Value <= int64(g.allocSize) && g.isAlloca(addr) {
		// bcopy() from alloca() memory may read only what the clause
		// has allocated, as a load may.
		g.allocaCheck(int(ti.Value))
	}
	g.push(call)
	switch {
	case dest == nil && constSize(call, ti) && !g.c.dynAlloca || dest != nil && ti.Const && ti.Value > 0 && ti.Value <= int64(g.allocSize):
		// A constant size copyinto() cannot fit faults at run time
		// (below), as in DTrace: "invalid size".
		size := int(ti.Value)
		if size > g.allocSize {
			g.fail(call, fmt.Errorf("a copy of %d bytes does not fit in the %d bytes of alloca() memory", ti.Value, g.allocSize))
		}
		if dest == nil {
			g.alloca(call, size)
		} else {
			g.expr(dest)
		}
		g.allocaPtr(call, size)
		// R2+start is the destination, and the result of copyin().
		g.emit(asm.Add.Imm(asm.R2, start), asm.Mov.Reg(asm.R1, asm.R2), asm.Mov.Imm(asm.R2, int32(size)))
	case dest == nil:
		g.expr(sizeArg)
		g.allocaDyn(call)
		g.emit(asm.Mov.Reg(asm.R2, asm.R1), asm.Mov.Reg(asm.R1, asm.R0))
	case kernel:
		// bcopy(src, dest, size) evaluates its arguments in order, as
		// DTrace does: dest before size.
		g.expr(dest)
		g.push(call)
		g.expr(sizeArg)
		g.emit(asm.Mov.Reg(asm.R4, asm.R0))
		if g.isAlloca(addr) {
			// The source, under the destination on the stack, may
			// be read only as far as the clause allocated.
			g.emit(asm.LoadMem(asm.R0, asm.RFP, int16(-8*(g.c.depth-1)), asm.DWord))
			g.allocaCheckReg(asm.R4)
		}
		g.pop(asm.R0)
		g.allocaRange(call)
		g.emit(asm.Add.Imm(asm.R2, start), asm.Mov.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R2, asm.R4))
	default:
		g.expr(sizeArg)
		g.push(call)
		g.expr(dest)
		g.emit(asm.LoadMem(asm.R4, asm.RFP, int16(-8*g.c.depth), asm.DWord))
		g.allocaRange(call)
		// The size checked is R4's: the spilled one was not.
		g.pop(asm.R5)
		g.emit(asm.Add.Imm(asm.R2, start), asm.Mov.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R2, asm.R4))
	}
	g.pop(asm.R3)
	g.emit(asm.Mov.Reg(asm.R0, asm.R3))
	g.push(call) // the source, for the fault
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	g.push(call) // the destination
	fn := asm.FnProbeReadUser
	if kernel {
		fn = asm.FnProbeReadKernel
	}
	ok := g.label("cpok")
	g.emit(fn.Call())
	g.pop(asm.R1)
	g.pop(asm.R2)
	g.emit(asm.JEq.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R2))
	if kernel {
		g.fault(bpfrt.FaultBadAddr)
	} else {
		g.copyFault()
	}
	g.setLabel(ok)
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
}

// allocaRange is allocaPtr for a size in R4 known only at run time: an
// address outside the alloca() area faults with the address, a size that
// runs past its end with "invalid size". The size stays in R4.
func (g *gen) allocaRange(n ast.Node) {
	bad, ok := g.label("badsize"), g.label("sizeok")
	g.emit(asm.JGT.Imm(asm.R4, int32(g.allocSize), bad))
	g.allocaPtr(n, 0)
	g.emit(
		asm.Mov.Reg(asm.R5, asm.R2),
		asm.Sub.Reg(asm.R5, rScratch),
		asm.Add.Reg(asm.R5, asm.R4),
		asm.JLE.Imm(asm.R5, int32(g.allocSize), ok),
	)
	g.setLabel(bad)
	g.emit(asm.Mov.Reg(asm.R0, asm.R4))
	g.fault(bpfrt.FaultBadSize)
	g.setLabel(ok)
	g.emit(nop())
}

// faultUnread follows a read of kernel memory whose address was pushed
// before it: it pops the address and faults with it unless the read's
// result in R0 is 0, going on at the label ok.
func (g *gen) faultUnread(ok string) {
	g.pop(asm.R1)
	g.emit(asm.JEq.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R1))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(nop())
}

// readMem copies size bytes at the kernel address in R0 to off from the
// scratch pointer, faulting with the address when they cannot be read.
func (g *gen) readMem(off, size int) { g.readMemTo(rScratch, off, size) }

// readMemTo copies size bytes at the kernel address in R0 to off from
// base, faulting with the address when they cannot be read.
func (g *gen) readMemTo(base asm.Register, off, size int) {
	ok := g.label("rdok")
	g.push(nil)
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, base),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.FnProbeReadKernel.Call(),
	)
	g.faultUnread(ok)
}

// recordBytes records the size bytes at the address in R0 as raw memory,
// which prints as a hex dump.
func (g *gen) recordBytes(act bpfrt.Action, size int) {
	if size <= 0 {
		g.fail(nil, fmt.Errorf("recording %d bytes", size))
	}
	off := g.record(act, size, 8, KindBytes, -1)
	g.readMem(int(g.stageOff(off)), size)
}

// tracemem records tracemem(addr, size[, dsize]): size bytes at addr
// (the checker made size a positive constant). With dsize, the record is
// KindMem: how many of the bytes to print, then the bytes. DTrace prints
// dsize bytes when dsize is below size, else all of them; a negative
// dsize, as large as an unsigned number, prints all of them too.
func (g *gen) tracemem(call *ast.CallExpr) {
	size := int(g.typeOf(call.Args[1]).Value)
	if len(call.Args) < 3 {
		g.expr(call.Args[0])
		g.recordBytes(ActTrace, size)
		return
	}
	g.expr(call.Args[2])
	g.push(call)
	g.expr(call.Args[0])
	off := g.record(ActTrace, 8+size, 8, KindMem, -1)
	g.readMem(int(g.stageOff(off+8)), size)
	ok := g.label("dsize")
	g.pop(asm.R0)
	g.emit(
		asm.JLE.Imm(asm.R0, int32(size), ok),
		asm.Mov.Imm(asm.R0, int32(size)),
	)
	g.setLabel(ok)
	g.emit(asm.StoreMem(rScratch, g.stageOff(off), asm.R0, asm.DWord))
}

// isAggregate reports whether t is a struct, union or array type, whose
// values are their addresses in registers.
func isAggregate(t *ctype.Type) bool {
	switch ctype.Resolve(t).Kind {
	case ctype.Struct, ctype.Union, ctype.Array:
		return true
	}
	return false
}

// throughPointer reports whether the store target e is memory reached
// through a pointer, rather than a D variable (inKernel also holds for
// the elements of a global array, which loads read from its address).
func (g *gen) throughPointer(e ast.Expr) bool {
	if g.dynMember(e) {
		return false // in the map value of a dynamic variable
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		if v := g.info.Vars[ast.Unparen(x.X)]; v != nil && (v.Kind == check.BuiltinVar || v.Type != nil && ctype.Resolve(v.Type).Kind == ctype.Array) {
			// args[], uregs[] and global arrays are D variables.
			return false
		}
	case *ast.SelectorExpr:
		if x.Op != token.ARROW && !g.throughPointer(x.X) {
			return false
		}
	}
	return g.inKernel(e)
}

// defaultPcapSize is the pcapsize option's default, as DTrace's.
const defaultPcapSize = 1600

// pcap records the packet of the socket buffer pcap(skb, proto) is given:
// how many of its bytes follow (its length, at most pcapsize), then the
// bytes from its data pointer. A NULL socket buffer records no bytes.
func (g *gen) pcap(call *ast.CallExpr) {
	var skb *ctype.Type
	if g.info.LookupType != nil {
		skb = g.info.LookupType("struct sk_buff")
	}
	if skb == nil {
		g.kernelLacks(call, "pcap(): this kernel's types have no struct sk_buff")
	}
	offset := func(name string) int32 {
		m, ok := skb.Member(name)
		if !ok || m.Bits != 0 {
			g.kernelLacks(call, "pcap(): this kernel's struct sk_buff has no member "+name)
		}
		return int32(m.Offset / 8)
	}
	lenOff, dataOff := offset("len"), offset("data")
	size := g.pcapsize
	off := g.record(ActPcap, 8+size, 8, KindMem, -1)
	count := g.stageOff(off)
	done, clamped, ok := g.label("pcapnull"), g.label("pcaplen"), g.label("pcapok")
	g.expr(call.Args[0])
	g.emit(bpfrt.StoreImm64(rScratch, count, 0), asm.JEq.Imm(asm.R0, 0, done))
	g.push(call)
	g.emit(asm.Add.Imm(asm.R0, lenOff))
	g.loadKernel(call, ctype.UIntType)
	g.emit(asm.JLE.Imm(asm.R0, int32(size), clamped), asm.Mov.Imm(asm.R0, int32(size)))
	g.setLabel(clamped)
	g.emit(asm.StoreMem(rScratch, count, asm.R0, asm.DWord))
	g.pop(asm.R0)
	g.emit(asm.Add.Imm(asm.R0, dataOff))
	g.loadKernel(call, ctype.ULongType)
	g.push(call) // the data, for a fault
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(g.stageOff(off+8))),
		asm.LoadMem(asm.R2, rScratch, count, asm.DWord),
		// Bounded again for the verifier, which does not follow the
		// count through memory.
		asm.JGT.Imm(asm.R2, int32(size), done),
		asm.FnProbeReadKernel.Call(),
	)
	g.faultUnread(ok)
	g.setLabel(done)
	g.emit(nop())
}

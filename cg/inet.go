package cg

import (
	"slices"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/format"
)

// inet_ntoa(), inet_ntoa6() and inet_ntop() traced or printed are
// converted by the consumer: the clause records the address bytes and
// the consumer prints their text, which keeps the conversion out of the
// program where it is only output. Anywhere else (a variable, a
// comparison, a key, a translator's member such as ipinfo_t's ip_saddr)
// the clause converts the address itself (inetText), to the same text.

// inetCall returns the kind and the size of the address that a call of
// e to one of the address conversions records, and the address argument.
func (g *gen) inetCall(e ast.Expr) (Kind, int, ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return 0, 0, nil, false
	}
	switch {
	case isCall(call, "inet_ntoa"):
		return KindInet4, 4, call.Args[0], true
	case isCall(call, "inet_ntoa6"):
		if len(call.Args) > 1 {
			if ti := g.typeOf(call.Args[1]); ti.Const && ti.Value != 0 {
				return KindInet6Strict, 16, call.Args[0], true
			}
		}
		return KindInet6, 16, call.Args[0], true
	case isCall(call, "inet_ntop") && len(call.Args) == 2:
		// As in DTrace, any family but AF_INET6 is converted as AF_INET;
		// one known only at run time is converted by inetSubr.
		ti := g.typeOf(call.Args[0])
		switch {
		case ti.Const && ti.Value == format.AFInet6:
			return KindInet6Strict, 16, call.Args[1], true
		case ti.Const:
			return KindInet4, 4, call.Args[1], true
		}
	}
	return 0, 0, nil, false
}

// runtimeFamily reports whether call is an inet_ntop() whose address
// family is known only at run time.
func (g *gen) runtimeFamily(call *ast.CallExpr) bool {
	return isCall(call, "inet_ntop") && len(call.Args) == 2 && !g.typeOf(call.Args[0]).Const
}

// recordInet records the address bytes of an address conversion.
func (g *gen) recordInet(act bpfrt.Action, kind Kind, size int, addr ast.Expr) {
	g.expr(addr)
	off := g.record(act, size, 8, kind, -1)
	g.readMem(int(g.stageOff(off)), size)
}

// inetSubr generates an address conversion as a value: its text in a
// scratch slot.
func (g *gen) inetSubr(call *ast.CallExpr) {
	kind, size, addr, ok := g.inetCall(call)
	runtime := g.runtimeFamily(call)
	if !ok && !runtime {
		g.unsupported(call, "this address conversion")
	}
	if runtime {
		g.expr(call.Args[0])
		g.push(call)
		addr = call.Args[1]
	}
	g.expr(addr)
	// The address bytes go in slots of their own, as many as they take
	// whatever strsize is; the text in another, truncated to strsize.
	tmp, out := g.wideSlot(16), g.strSlot()
	w := inetWriter{g: g, out: out}
	end := g.label("inetend")
	convert := func(kind Kind, size int) {
		g.readMem(tmp, size)
		g.emit(asm.Mov.Imm(asm.R1, 0))
		if kind == KindInet4 {
			g.octets(w, tmp)
		} else {
			g.groups(w, tmp, kind == KindInet6Strict)
		}
	}
	if runtime {
		// What DTrace generates: af == AF_INET6 ? inet_ntoa6(addr, 1)
		// : inet_ntoa(addr).
		v6, text := g.label("inet6"), g.label("inettext")
		g.pop(asm.R1)
		g.emit(asm.JEq.Imm(asm.R1, format.AFInet6, v6))
		convert(KindInet4, 4)
		g.emit(asm.Ja.Label(text))
		g.setLabel(v6)
		convert(KindInet6Strict, 16)
		g.setLabel(text)
	} else {
		convert(kind, size)
	}
	g.endText(out, end)
}

// endText ends the text at slot out, R1 being its end, and leaves its
// address in R0. R1 is bounded first for the verifier, end being the
// label after the bound.
func (g *gen) endText(out int, end string) {
	g.emit(asm.JLT.Imm(asm.R1, int32(g.strbuf), end), asm.Mov.Imm(asm.R1, int32(g.strbuf-1)))
	g.setLabel(end)
	g.emit(
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.StoreImm(asm.R2, int16(out), 0, asm.Byte),
		asm.Mov.Reg(asm.R0, rScratch),
		asm.Add.Imm(asm.R0, int32(out)),
	)
}

// inetWriter appends characters to the text at slot out, R1 being the
// position; characters past strsize are dropped. It uses R2.
type inetWriter struct {
	g   *gen
	out int
}

// put appends the character in R0.
func (w inetWriter) put() { w.emit(asm.StoreMem(asm.R2, int16(w.out), asm.R0, asm.Byte)) }

// putc appends the character c.
func (w inetWriter) putc(c byte) { w.emit(asm.StoreImm(asm.R2, int16(w.out), int64(c), asm.Byte)) }

func (w inetWriter) emit(store asm.Instruction) {
	g := w.g
	full := g.label("inetfull")
	g.emit(
		asm.JGE.Imm(asm.R1, int32(g.strbuf-1), full),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Reg(asm.R2, asm.R1),
		store,
		asm.Add.Imm(asm.R1, 1),
	)
	g.setLabel(full)
	g.emit(nop())
}

// octets writes the dotted quad of the four bytes at slot a.
func (g *gen) octets(w inetWriter, a int) {
	for i := 0; i < 4; i++ {
		if i > 0 {
			w.putc('.')
		}
		g.emit(asm.LoadMem(asm.R5, rScratch, int16(a+i), asm.Byte))
		for _, d := range []int32{100, 10} {
			skip := g.label("octet")
			g.emit(asm.JLT.Imm(asm.R5, d, skip), asm.Mov.Reg(asm.R0, asm.R5), asm.Div.Imm(asm.R0, d))
			if d == 10 {
				g.emit(asm.Mod.Imm(asm.R0, 10))
			}
			g.emit(asm.Add.Imm(asm.R0, '0'))
			w.put()
			g.setLabel(skip)
		}
		g.emit(asm.Mov.Reg(asm.R0, asm.R5), asm.Mod.Imm(asm.R0, 10), asm.Add.Imm(asm.R0, '0'))
		w.put()
		g.forget(asm.R1, 0)
	}
}

// groups writes the text of the IPv6 address at slot a as
// format.InetNtoa6 (or, strict, format.InetNtoa6Strict) does: an IPv4
// address in IPv6 as its dotted quad (after its prefix, strict), else hex
// groups with the first longest run of two or more zero groups written
// "::".
func (g *gen) groups(w inetWriter, a int, strict bool) {
	v6, mapped, compat, done := g.label("inetv6"), g.label("inetmapped"), g.label("inetcompat"), g.label("inetv6done")
	// The groups are read as little-endian half-words: ffff stays, and
	// 00 01 reads 0x100.
	g.emit(
		asm.LoadMem(asm.R0, rScratch, int16(a), asm.DWord),
		asm.JNE.Imm(asm.R0, 0, v6),
		asm.LoadMem(asm.R0, rScratch, int16(a+8), asm.Half),
		asm.JNE.Imm(asm.R0, 0, v6),
		asm.LoadMem(asm.R0, rScratch, int16(a+10), asm.Half),
		asm.JEq.Imm(asm.R0, 0xffff, mapped),
		asm.JNE.Imm(asm.R0, 0, v6),
		asm.LoadMem(asm.R0, rScratch, int16(a+12), asm.Half),
		asm.JNE.Imm(asm.R0, 0, compat),
		asm.LoadMem(asm.R0, rScratch, int16(a+14), asm.Half),
		asm.JEq.Imm(asm.R0, 0, v6),
		asm.JEq.Imm(asm.R0, 0x100, v6),
		asm.Ja.Label(compat),
	)
	v4 := g.label("inetv4")
	g.setLabel(mapped)
	if strict {
		for _, c := range "::ffff:" {
			w.putc(byte(c))
		}
	}
	g.emit(asm.Ja.Label(v4))
	g.setLabel(compat)
	if strict {
		w.putc(':')
		w.putc(':')
	}
	g.setLabel(v4)
	g.octets(w, a+12)
	g.emit(asm.Ja.Label(done))
	g.setLabel(v6)
	// R3 = the first group of the longest zero run, R4 its length; R5 the
	// length of the run being counted.
	g.emit(asm.Mov.Imm(asm.R3, 8), asm.Mov.Imm(asm.R4, 1), asm.Mov.Imm(asm.R5, 0))
	for i := int32(0); i < 8; i++ {
		zero, next := g.label("inetzero"), g.label("inetrun")
		g.emit(
			asm.LoadMem(asm.R0, rScratch, int16(a+2*int(i)), asm.Half),
			asm.JEq.Imm(asm.R0, 0, zero),
			asm.Mov.Imm(asm.R5, 0),
			asm.Ja.Label(next),
		)
		g.setLabel(zero)
		g.emit(
			asm.Add.Imm(asm.R5, 1),
			asm.JLE.Reg(asm.R5, asm.R4, next),
			asm.Mov.Reg(asm.R4, asm.R5),
			asm.Mov.Imm(asm.R3, i+1),
			asm.Sub.Reg(asm.R3, asm.R5),
		)
		g.setLabel(next)
		g.emit(nop())
	}
	// R4 = the end of the run; no run of two: nothing is in a run.
	run := g.label("inetrun")
	g.emit(asm.JGE.Imm(asm.R4, 2, run), asm.Mov.Imm(asm.R3, 8))
	g.setLabel(run)
	g.emit(asm.Add.Reg(asm.R4, asm.R3))
	// Forgotten, the run's bounds do not multiply the verifier's states.
	g.forget(asm.R3, 0)
	g.forget(asm.R4, 1)
	for i := int32(0); i < 8; i++ {
		out, next := g.label("inetgroup"), g.label("inetnext")
		g.emit(
			asm.JGT.Imm(asm.R3, i, out),
			asm.JLE.Imm(asm.R4, i, out),
			asm.JNE.Imm(asm.R3, i, next),
		)
		w.putc(':')
		w.putc(':')
		g.emit(asm.Ja.Label(next))
		g.setLabel(out)
		if i > 0 {
			after := g.label("inetcolon")
			g.emit(asm.JEq.Imm(asm.R4, i, after))
			w.putc(':')
			g.setLabel(after)
		}
		g.emit(asm.LoadMem(asm.R5, rScratch, int16(a+2*int(i)), asm.Half), asm.HostTo(asm.BE, asm.R5, asm.Half))
		for shift := int32(12); shift >= 0; shift -= 4 {
			skip := g.label("inethex")
			if shift > 0 {
				g.emit(asm.JLT.Imm(asm.R5, 1<<shift, skip))
			}
			g.emit(asm.Mov.Reg(asm.R0, asm.R5), asm.RSh.Imm(asm.R0, shift), asm.And.Imm(asm.R0, 0xf))
			digit, hex := g.label("inetdigit"), g.label("inethexdone")
			g.emit(asm.JLT.Imm(asm.R0, 10, digit), asm.Add.Imm(asm.R0, 'a'-10), asm.Ja.Label(hex))
			g.setLabel(digit)
			g.emit(asm.Add.Imm(asm.R0, '0'))
			g.setLabel(hex)
			w.put()
			g.setLabel(skip)
		}
		g.setLabel(next)
		g.forget(asm.R1, 0)
	}
	g.setLabel(done)
	g.emit(nop())
}

// link_ntop()'s hardware types (the kernel's ARPHRD_*) and the length of
// their addresses.
var linkTypes = []linkType{{1, 6}, {32, 20}} // ARPHRD_ETHER, ARPHRD_INFINIBAND

type linkType struct{ typ, size int32 }

// linkNtop writes the text of link_ntop(type, addr) into a scratch slot:
// the address bytes in two lower-case hex digits each, separated by
// colons, as many as the hardware type's addresses have. Another type
// faults with "illegal operation", as in DTrace.
func (g *gen) linkNtop(call *ast.CallExpr) {
	g.expr(call.Args[1])
	g.push(call)
	g.exprAs(call.Args[0], ctype.IntType, true)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	tmp, out := g.wideSlot(int(slices.MaxFunc(linkTypes, func(a, b linkType) int { return int(a.size - b.size) }).size)), g.strSlot()
	w := inetWriter{g: g, out: out}
	done := g.label("linkdone")
	for _, lt := range linkTypes {
		next := g.label("linknext")
		g.emit(asm.JNE.Imm(asm.R1, lt.typ, next))
		g.readMem(tmp, int(lt.size))
		g.emit(asm.Mov.Imm(asm.R1, 0))
		for i := 0; i < int(lt.size); i++ {
			if i > 0 {
				w.putc(':')
			}
			for _, shift := range []int32{4, 0} {
				digit, hex := g.label("linkdigit"), g.label("linkhex")
				g.emit(
					asm.LoadMem(asm.R0, rScratch, int16(tmp+i), asm.Byte),
					asm.RSh.Imm(asm.R0, shift),
					asm.And.Imm(asm.R0, 0xf),
					asm.JLT.Imm(asm.R0, 10, digit),
					asm.Add.Imm(asm.R0, 'a'-10),
					asm.Ja.Label(hex),
				)
				g.setLabel(digit)
				g.emit(asm.Add.Imm(asm.R0, '0'))
				g.setLabel(hex)
				w.put()
			}
			g.forget(asm.R1, 0)
		}
		g.emit(asm.Ja.Label(done))
		g.setLabel(next)
	}
	g.fault(bpfrt.FaultIllOp)
	g.setLabel(done)
	g.endText(out, g.label("linkend"))
}

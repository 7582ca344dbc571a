package cg

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// d_path() walks the dentries from the path's up to the root of the
// mount tree, writing the components backwards from the end of a scratch
// slot: each dentry's name after a slash, and at a mount's root, a step
// to the dentry it is mounted on in its parent mount. The walk is an
// open-coded bpf_iter_num loop whose state lives in the scratch value,
// so the verifier checks its body a few times, not once per component.
// Like the kernel's d_path() it ends at the root, but the namespace's,
// not the process's (a chroot does not show), and a deleted file gets no
// " (deleted)". A path longer than strsize keeps its last components.

// dpathComponents bounds the components a walk visits.
const dpathComponents = 64

// The words of d_path()'s state slot.
const (
	dpDentry = 8 * iota // the dentry being visited
	dpMount             // its struct mount
	dpPos               // where the text starts in the output slot
	dpTmp               // what a step reads: a root, a length, a parent mount
	dpParent            // the dentry's parent
	dpName              // its name
	dpWords
)

// dpathOffsets are the offsets of the kernel structures d_path() reads.
type dpathOffsets struct {
	pathMnt, pathDentry           int32 // struct path
	mntRoot                       int32 // struct vfsmount
	parent, name, nameLen         int32 // struct dentry
	mountMnt, mountParent, mntPnt int32 // struct mount
}

// memberOffset returns the offset of member name of struct type t.
func (g *gen) memberOffset(n ast.Node, t *ctype.Type, name string) int32 {
	m, ok := t.Member(name)
	if !ok || m.Bits != 0 {
		g.kernelLacks(n, fmt.Sprintf("d_path(): this kernel's %s has no member %s", t, name))
	}
	return int32(m.Offset / 8)
}

// dpathTypes finds the offsets d_path() needs from its argument's type
// and the kernel's struct mount.
func (g *gen) dpathTypes(call *ast.CallExpr) dpathOffsets {
	var o dpathOffsets
	elem := func(t *ctype.Type) *ctype.Type { return ctype.Resolve(ctype.Resolve(t).Elem) }
	path := elem(g.typeOf(call.Args[0]).Type)
	o.pathMnt, o.pathDentry = g.memberOffset(call, path, "mnt"), g.memberOffset(call, path, "dentry")
	mnt, _ := path.Member("mnt")
	dentry, _ := path.Member("dentry")
	o.mntRoot = g.memberOffset(call, elem(mnt.Type), "mnt_root")
	d := elem(dentry.Type)
	o.parent = g.memberOffset(call, d, "d_parent")
	qstr, _ := d.Member("d_name")
	o.name = g.memberOffset(call, d, "d_name") + g.memberOffset(call, qstr.Type, "name")
	o.nameLen = g.memberOffset(call, d, "d_name") + g.memberOffset(call, qstr.Type, "len")
	var mount *ctype.Type
	if g.info.LookupType != nil {
		mount = g.info.LookupType("struct mount")
	}
	if mount == nil {
		g.kernelLacks(call, "d_path(): this kernel's types have no struct mount")
	}
	o.mountMnt = g.memberOffset(call, mount, "mnt")
	o.mountParent = g.memberOffset(call, mount, "mnt_parent")
	o.mntPnt = g.memberOffset(call, mount, "mnt_mountpoint")
	return o
}

// dpath generates d_path(path) into a scratch slot.
func (g *gen) dpath(call *ast.CallExpr) {
	o := g.dpathTypes(call)
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(call, err)
	}
	g.expr(call.Args[0])
	g.push(call) // the path, for a fault
	buf, st := g.strSlot(), g.wideSlot(dpWords)
	word := func(w int) int16 { return int16(st + w) }
	end, fault := g.label("dpend"), g.label("dpfault")
	// read copies size bytes at R3 to state word w; a failure goes to fail.
	read := func(w int, size int32, fail string) {
		g.emit(
			asm.Mov.Reg(asm.R1, rScratch),
			asm.Add.Imm(asm.R1, int32(word(w))),
			asm.Mov.Imm(asm.R2, size),
			asm.FnProbeReadKernel.Call(),
			asm.JNE.Imm(asm.R0, 0, fail),
		)
	}
	// follow reads size bytes at the address in state word from, plus
	// off, into state word w, ending the walk when it cannot.
	follow := func(w, from int, off, size int32) {
		g.emit(asm.LoadMem(asm.R3, rScratch, word(from), asm.DWord), asm.Add.Imm(asm.R3, off))
		read(w, size, end)
	}
	g.emit(bpfrt.StoreImm64(rScratch, word(dpTmp), 0), asm.Mov.Reg(asm.R3, asm.R0), asm.Add.Imm(asm.R3, o.pathDentry))
	read(dpDentry, 8, fault)
	g.emit(asm.LoadMem(asm.R3, asm.RFP, int16(-8*g.c.depth), asm.DWord), asm.Add.Imm(asm.R3, o.pathMnt))
	read(dpMount, 8, fault)
	g.emit(
		asm.LoadMem(asm.R0, rScratch, word(dpMount), asm.DWord),
		asm.Sub.Imm(asm.R0, o.mountMnt),
		asm.StoreMem(rScratch, word(dpMount), asm.R0, asm.DWord),
		bpfrt.StoreImm64(rScratch, word(dpPos), int32(g.strbuf-1)),
		asm.StoreImm(rScratch, int16(buf+g.strbuf-1), 0, asm.Byte),
	)
	if g.c.depth+1 > maxDepth {
		g.tooComplex(call)
	}
	it := int16(-8 * (g.c.depth + 1))
	loop, cross, done := g.label("dploop"), g.label("dpcross"), g.label("dpdone")
	g.iterLoop(kf, it, dpathComponents, loop, end)
	// At its mount's root, or its own parent: cross to the mount point.
	follow(dpTmp, dpMount, o.mountMnt+o.mntRoot, 8)
	follow(dpParent, dpDentry, o.parent, 8)
	g.emit(
		asm.LoadMem(asm.R1, rScratch, word(dpDentry), asm.DWord),
		asm.LoadMem(asm.R2, rScratch, word(dpTmp), asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, cross),
		asm.LoadMem(asm.R2, rScratch, word(dpParent), asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, cross),
	)
	// "/" and the name, before what is written, if they fit.
	g.emit(bpfrt.StoreImm64(rScratch, word(dpTmp), 0))
	follow(dpTmp, dpDentry, o.nameLen, 4)
	follow(dpName, dpDentry, o.name, 8)
	g.emit(
		asm.LoadMem(asm.R2, rScratch, word(dpTmp), asm.DWord),
		asm.LoadMem(asm.R1, rScratch, word(dpPos), asm.DWord),
		asm.JGE.Reg(asm.R2, asm.R1, end),
		asm.Sub.Reg(asm.R1, asm.R2),
		asm.JGE.Imm(asm.R1, int32(g.strbuf), end),
		asm.JGT.Imm(asm.R2, int32(g.strbuf), end),
		asm.StoreMem(rScratch, word(dpPos), asm.R1, asm.DWord),
		asm.Add.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.LoadMem(asm.R3, rScratch, word(dpName), asm.DWord),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, end),
		asm.LoadMem(asm.R1, rScratch, word(dpPos), asm.DWord),
		asm.JEq.Imm(asm.R1, 0, end),
		asm.Sub.Imm(asm.R1, 1),
		asm.JGE.Imm(asm.R1, int32(g.strbuf), end),
		asm.StoreMem(rScratch, word(dpPos), asm.R1, asm.DWord),
		asm.Add.Reg(asm.R1, rScratch),
		asm.StoreImm(asm.R1, int16(buf), '/', asm.Byte),
		asm.LoadMem(asm.R1, rScratch, word(dpParent), asm.DWord),
		asm.StoreMem(rScratch, word(dpDentry), asm.R1, asm.DWord),
		asm.Ja.Label(loop),
	)
	// A mount's root: its mount point in the parent mount, unless this is
	// the root mount.
	g.setLabel(cross)
	follow(dpTmp, dpMount, o.mountParent, 8)
	g.emit(
		asm.LoadMem(asm.R1, rScratch, word(dpTmp), asm.DWord),
		asm.LoadMem(asm.R2, rScratch, word(dpMount), asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, end),
	)
	follow(dpDentry, dpMount, o.mntPnt, 8)
	g.emit(
		asm.LoadMem(asm.R1, rScratch, word(dpTmp), asm.DWord),
		asm.StoreMem(rScratch, word(dpMount), asm.R1, asm.DWord),
		asm.Ja.Label(loop),
	)
	g.setLabel(fault)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, int16(-8*g.c.depth), asm.DWord))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(end)
	g.iterDestroy(kf, it)
	g.c.depth--
	// The root alone is "/".
	g.emit(
		asm.LoadMem(asm.R1, rScratch, word(dpPos), asm.DWord),
		asm.JNE.Imm(asm.R1, int32(g.strbuf-1), done),
		asm.Sub.Imm(asm.R1, 1),
		asm.StoreImm(rScratch, int16(buf+g.strbuf-2), '/', asm.Byte),
	)
	g.setLabel(done)
	ok := g.label("dpok")
	g.emit(asm.JLT.Imm(asm.R1, int32(g.strbuf), ok), asm.Mov.Imm(asm.R1, int32(g.strbuf-1)))
	g.setLabel(ok)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(buf)), asm.Add.Reg(asm.R0, asm.R1))
}

package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// A bit-field is read and written through the smallest power-of-two
// unit of bytes that holds it, starting at the byte of its first bit
// (little-endian, as the kernel's bit-fields are on the machines it
// runs on): a load shifts and masks the unit, a store reads the unit,
// replaces the field's bits and writes it back.

// bitField returns the bit-field member e selects, if it selects one.
func (g *gen) bitField(e ast.Expr) (ctype.Member, bool) {
	s, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ctype.Member{}, false
	}
	m := g.member(s)
	return m, m.Bits != 0
}

// bitUnit returns the unit a bit-field is accessed through: its size in
// bytes and the shift of the field in it.
func bitUnit(m ctype.Member) (size int, shift int32) {
	shift = int32(m.Offset % 8)
	span := (int(shift) + int(m.Bits) + 7) / 8
	for size = 1; size < span; size <<= 1 {
	}
	return size, shift
}

// unitType is the unsigned integer type of a unit of size bytes.
func unitType(size int) *ctype.Type {
	switch size {
	case 1:
		return ctype.UCharType
	case 2:
		return ctype.UShortType
	case 4:
		return ctype.UIntType
	}
	return ctype.ULongType
}

// loadBits loads the bit-field m of type t whose unit's address is in R0.
func (g *gen) loadBits(n ast.Node, m ctype.Member, t *ctype.Type) {
	size, _ := bitUnit(m)
	g.loadKernel(n, unitType(size))
	g.extractBits(m, t)
}

// loadVarBits loads the bit-field m of type t of a D variable, whose
// unit r refers to.
func (g *gen) loadVarBits(r varRef, m ctype.Member, t *ctype.Type) {
	size, _ := bitUnit(m)
	g.emit(asm.LoadMem(asm.R0, r.base, int16(r.off), sizeOp(size)))
	g.extractBits(m, t)
}

// extractBits turns the unit in R0 into the value of its bit-field m of
// type t.
func (g *gen) extractBits(m ctype.Member, t *ctype.Type) {
	_, shift := bitUnit(m)
	w := int32(m.Bits)
	g.emit(asm.LSh.Imm(asm.R0, 64-shift-w))
	if ctype.IsSigned(t) {
		g.emit(asm.ArSh.Imm(asm.R0, 64-w))
	} else {
		g.emit(asm.RSh.Imm(asm.R0, 64-w))
	}
}

// storeBits merges the value in R1 into the bit-field m of the unit R2
// points at (plus off), leaving the field's new value in R0.
func (g *gen) storeBits(m ctype.Member, t *ctype.Type, off int16) {
	size, shift := bitUnit(m)
	w := int32(m.Bits)
	mask := int64(1)<<w - 1
	g.emit(
		asm.LoadMem(asm.R3, asm.R2, off, sizeOp(size)),
		asm.LoadImm(asm.R4, mask<<shift, asm.DWord),
		asm.Xor.Imm(asm.R4, -1),
		asm.And.Reg(asm.R3, asm.R4),
		asm.Mov.Reg(asm.R0, asm.R1),
		asm.LoadImm(asm.R4, mask, asm.DWord),
		asm.And.Reg(asm.R0, asm.R4),
		asm.LSh.Imm(asm.R0, shift),
		asm.Or.Reg(asm.R3, asm.R0),
		asm.StoreMem(asm.R2, off, asm.R3, sizeOp(size)),
		// The value of the assignment is the field's, as C gives it.
		asm.Mov.Reg(asm.R0, asm.R1),
		asm.LSh.Imm(asm.R0, 64-w),
	)
	if ctype.IsSigned(t) {
		g.emit(asm.ArSh.Imm(asm.R0, 64-w))
	} else {
		g.emit(asm.RSh.Imm(asm.R0, 64-w))
	}
}

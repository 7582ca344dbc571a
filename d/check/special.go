package check

import (
	"strings"

	"github.com/godtrace/godtrace/ctype"
)

// The result types of stack(), ustack()/jstack(), sym()/func()/mod() and
// usym()/ufunc()/umod()/uaddr(): 64-bit values that DTrace formats
// specially, told apart by identity.
var (
	stackType    = &ctype.Type{Kind: ctype.Typedef, Name: "stack", Elem: ctype.ULongType, Module: "D"}
	symaddrType  = &ctype.Type{Kind: ctype.Typedef, Name: "_symaddr", Elem: ctype.ULongType, Module: "D"}
	usymaddrType = &ctype.Type{Kind: ctype.Typedef, Name: "_usymaddr", Elem: ctype.ULongType, Module: "D"}
)

// aggRefType is the type of an aggregation named in an expression, as in
// trace(@a): like DTrace's <DYN>, it has no value, and messages name it
// "aggregation".
var aggRefType = &ctype.Type{Kind: ctype.Typedef, Name: "aggregation", Elem: ctype.VoidType, Module: "D"}

// isSpecial reports whether t is one of the types DTrace defines as void
// and formats specially: no printf() conversion but their own takes them.
func isSpecial(t *ctype.Type) bool {
	return t == stackType || t == symaddrType || t == usymaddrType || t == aggRefType
}

// typeName is how DTrace names a type in messages: as CTF does, with an
// anonymous struct or union named by its kind alone ("struct ").
func typeName(t *ctype.Type) string { return strings.ReplaceAll(t.String(), "(anon)", "") }

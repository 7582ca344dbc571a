package check

import "github.com/godtrace/godtrace/ctype"

// The result types of stack(), ustack()/jstack(), sym()/func()/mod() and
// usym()/ufunc()/umod()/uaddr(): 64-bit values that DTrace formats
// specially, told apart by identity.
var (
	stackType    = &ctype.Type{Kind: ctype.Typedef, Name: "stack", Elem: ctype.ULongType, Module: "D"}
	symaddrType  = &ctype.Type{Kind: ctype.Typedef, Name: "_symaddr", Elem: ctype.ULongType, Module: "D"}
	usymaddrType = &ctype.Type{Kind: ctype.Typedef, Name: "_usymaddr", Elem: ctype.ULongType, Module: "D"}
)

// typeName is how DTrace names a type in messages.
func typeName(t *ctype.Type) string { return t.String() }

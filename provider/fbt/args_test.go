package fbt

import (
	"reflect"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
)

func TestArgs(t *testing.T) {
	long := ctype.NewInt("long", 8, ctype.Signed)
	char := ctype.NewInt("char", 1, ctype.Signed)
	openHow := &ctype.Type{Kind: ctype.Struct, Name: "open_how", Module: "vmlinux"}
	openat2 := &ctype.Type{Kind: ctype.Func, Elem: long, Params: []*ctype.Type{
		ctype.IntType, ctype.NewPointer(ctype.NewQualified(ctype.Const, char)), ctype.NewPointer(openHow),
	}}
	if got, want := Args(openat2, true), []provider.Arg{
		{Native: "int"}, {Native: "const char *", Mapping: 1}, {Native: "struct open_how *", Mapping: 2},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("entry args %v, want %v", got, want)
	}
	if got, want := Args(openat2, false), []provider.Arg{
		{Native: "uint64_t"}, {Native: "long", Mapping: 1},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("return args %v, want %v", got, want)
	}
	void := &ctype.Type{Kind: ctype.Func, Elem: ctype.VoidType}
	if got, want := Args(void, false), []provider.Arg{{Native: "uint64_t"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("void return args %v, want %v", got, want)
	}
	many := &ctype.Type{Kind: ctype.Func, Elem: long}
	for range 8 {
		many.Params = append(many.Params, long)
	}
	if n := len(Args(many, true)); n != kprobe.MaxArgs {
		t.Errorf("%d args of an 8-parameter function, want the %d in registers", n, kprobe.MaxArgs)
	}
}

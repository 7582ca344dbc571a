package check

import (
	"testing"

	"github.com/godtrace/godtrace/ctype"
)

// TestParseFormatTag: a malformed format is format.Parse's error with
// the D_SYNTAX tag DTrace reports it under.
func TestParseFormatTag(t *testing.T) {
	for format, msg := range map[string]string{
		"%":        "[D_SYNTAX] format conversion #1 name expected before end of format string",
		"%q":       "[D_SYNTAX] format conversion #1 is undefined: %q",
		"%1$d":     "[D_SYNTAX] format conversion #1 uses unsupported positional format (%n$)",
		"%d%.1.2d": "[D_SYNTAX] format conversion #2 has more than one '.' specified",
	} {
		if _, err := parseFormat(format); err == nil || err.Error() != msg {
			t.Errorf("parseFormat(%q) error %v, want %q", format, err, msg)
		}
	}
}

func TestValidateFormat(t *testing.T) {
	c := &checker{}
	str := ctype.NewString(256)
	u64 := ctype.NewTypedef("uint64_t", ctype.ULongType)
	tests := []struct {
		format string
		args   []*ctype.Type
		want   string
	}{
		{"%d\n", []*ctype.Type{str}, "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string"},
		{"%s %d", []*ctype.Type{ctype.NewArray(ctype.CharType, 16), ctype.IntType}, ""},
		{"%s", []*ctype.Type{ctype.IntType}, "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int"},
		{"%d %d", []*ctype.Type{ctype.IntType}, "[D_PRINTF_ARG_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument"},
		{"%llx %lu %p %f", []*ctype.Type{u64, u64, ctype.NewPointer(ctype.VoidType), ctype.DoubleType}, ""},
		{"%lx", []*ctype.Type{ctype.IntType}, "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %lx\n\t prototype: long\n\t  argument: int"},
		{"%*d", []*ctype.Type{str, ctype.IntType}, "[D_PRINTF_DYN_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string"},
		{"%@d", nil, "[D_PRINTF_AGG_CONV] %@ conversion requires an aggregation and is not for use with printf( )"},
		{"x", []*ctype.Type{ctype.IntType}, "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 0 arguments required by this format string"},
		{"%k", []*ctype.Type{stackType}, ""},
	}
	for _, tt := range tests {
		convs, err := parseFormat(tt.format)
		if err != nil {
			t.Fatal(err)
		}
		err = c.validateFormat("printf", convs, tt.args, 1, nil, true)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("validate %q:\n got %q\nwant %q", tt.format, got, tt.want)
		}
	}
}

func TestParseProto(t *testing.T) {
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256))
	p, err := parseProto(u, "string(const char *, int, [int])")
	if err != nil {
		t.Fatal(err)
	}
	if p.Result.String() != "string" || len(p.Params) != 3 || p.MinArgs() != 2 || p.MaxArgs() != 3 {
		t.Errorf("substr proto = %+v", p)
	}
	if got := p.Params[0].Type.String(); got != "char *" {
		t.Errorf("param 0 = %q", got)
	}
	p, err = parseProto(u, "void(@, int32_t, int32_t, ...)")
	if err != nil || p.Params[0].Type != nil || !p.Variadic || p.MaxArgs() != -1 || p.Params[1].Spelling != "int32_t" {
		t.Errorf("lquantize proto = %+v, %v", p, err)
	}
	if p, err = parseProto(u, "stack([uint32_t])"); err != nil || p.Result != nil || p.ResultName != "stack" {
		t.Errorf("stack proto = %+v, %v", p, err)
	}
	if _, err := parseProto(u, "int(nosuch_t)"); err == nil {
		t.Error("unknown type accepted")
	}
}

// TestBuiltinProtos checks that every prototype in the table parses given
// the kernel types the table names.
func TestBuiltinProtos(t *testing.T) {
	kern := ctype.NewScope(ctype.KernelModule)
	for _, name := range []string{"struct task_struct", "struct mutex", "struct path", "struct in6_addr", "cpuinfo_t", "psinfo_t", "lwpsinfo_t", "ipaddr_t", "mblk_t"} {
		kern.Define(name, &ctype.Type{Kind: ctype.Struct, Name: name, Size: 8})
	}
	for _, name := range []string{"dev_t", "rwlock_t", "gid_t", "uid_t", "processorid_t"} {
		kern.Define(name, ctype.NewTypedef(name, ctype.UIntType))
	}
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), kern)
	prev := ""
	for _, id := range Builtins {
		if id.Name <= prev {
			t.Errorf("Builtins not sorted at %s", id.Name)
		}
		prev = id.Name
		switch id.Kind {
		case Subr, Action, AggFunc:
			if _, err := parseProto(u, id.Proto); err != nil {
				t.Errorf("%s: %v", id.Name, err)
			}
		case Scalar:
			if _, err := parseTypeName(u, id.Proto); err != nil {
				t.Errorf("%s: %v", id.Name, err)
			}
		}
	}
}

func TestStability(t *testing.T) {
	ct, _ := LookupBuiltin("curthread")
	if n, d := ct.Stability(); n != Stable || d != Private {
		t.Errorf("curthread stability = %v/%v, want Stable/Private", n, d)
	}
	mo, _ := LookupBuiltin("mutex_owned")
	if n, d := mo.Stability(); n != Evolving || d != Stable {
		t.Errorf("mutex_owned stability = %v/%v, want Evolving/Stable", n, d)
	}
	if _, ok := LookupBuiltin("nosuch"); ok {
		t.Error("nosuch is a built-in")
	}
}

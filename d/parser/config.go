package parser

import "github.com/godtrace/godtrace/d/token"

// Spec says which field of a probe description a lone name fills, as
// dtrace's -P, -m, -f and -n options do: "BEGIN" given to -n is
// ":::BEGIN", "vmlinux" given to -m is ":vmlinux::".
type Spec int

// The probe description fields, left to right.
const (
	SpecName Spec = iota // the default: -n and script clauses
	SpecProvider
	SpecModule
	SpecFunction
)

// Config is what the parser needs to know besides the text. A nil *Config
// means the zero Config.
type Config struct {
	// MacroArgs are the values of $0, $1, ...: the script name and the
	// words after it on the command line.
	MacroArgs []string
	// Macros are the values of the macro variables $target, $pid, $ppid,
	// $uid, $gid, $euid, $egid, $pgid, $sid ... by name without the $.
	Macros map[string]string
	// DefaultArgs (-xdefaultargs) makes undefined $N mean 0 and $$N "".
	DefaultArgs bool
	// ArgRef (-xargref) permits macro arguments that the program never
	// references; without it they are an error (D_MACRO_UNUSED).
	ArgRef bool
	// PSpec (-xpspec, or #pragma D option pspec for the text after it)
	// makes every outer-scope word a probe description, as FromString
	// does: "int*x" is then the description of a clause, not a
	// declaration.
	PSpec bool
	// FromString is set for programs given on the command line (-n, -P,
	// -m, -f, -i): they may be a bare probe description with neither
	// predicate nor actions, and their errors have no line number (DTrace
	// prints "syntax error near end of input" without "line N: ").
	FromString bool
	// Spec is the field a description with fewer than four fields ends
	// at (SpecName unless the text came from -P, -m or -f).
	Spec Spec
	// IsType reports whether a name is a known type (a typedef of D or of
	// the kernel's types). DTrace's lexer asks the same question to tell
	// casts and declarations from expressions. Names typedef'd in the
	// program itself and D's standard typedefs are known without it.
	IsType func(name string) bool
	// FileSet, when set, is the set the program's file is added to, so
	// that its positions are apart from those of the other programs
	// parsed into it (see token.FileSet); nil gives the file a set of
	// its own.
	FileSet *token.FileSet
}

// maxDepth bounds the nesting of expressions, statements and types:
// deeper input is a syntax error rather than a stack overflow.
const maxDepth = 1000

// standardTypes are the typedefs every D program may use without a
// kernel: those of D's own type universe.
var standardTypes = map[string]bool{
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
	"intptr_t": true, "uintptr_t": true, "size_t": true, "ssize_t": true,
	"ptrdiff_t": true, "uchar_t": true, "ushort_t": true, "uint_t": true,
	"ulong_t": true, "u_longlong_t": true, "longlong_t": true,
	"caddr_t": true, "daddr_t": true, "hrtime_t": true, "id_t": true,
	"pid_t": true, "uid_t": true, "gid_t": true, "dev_t": true,
	"ino_t": true, "mode_t": true, "nlink_t": true, "off_t": true,
	"time_t": true, "processorid_t": true, "psetid_t": true,
	"zoneid_t": true, "taskid_t": true, "projid_t": true, "chipid_t": true,
	"lgrp_id_t": true, "major_t": true, "minor_t": true, "boolean_t": true,
	"_Bool": true,
}

// Package ctype owns the one C type model of godtrace: integers of every
// width and signedness, floats, pointers, arrays, structs and unions with
// bitfields, enums, typedefs, function types, forward declarations and the
// const/volatile/restrict qualifiers, plus D's string type.
//
// The model is shaped after CTF's kinds so that a CTF reader, the kernel's
// BTF (package ctype/btfsrc) and declarations made in a D script all map onto
// it without loss. Types come from a [Source]; a [Universe] holds the ordered
// list of sources a compilation searches, including DTrace's built-in "C" and
// "D" modules, and resolves the backquote module scoping of D
// (struct vmlinux`task_struct).
//
// Struct and union members may be supplied lazily, so a source can hand out
// a type without converting everything reachable from it: resolving
// curthread->real_parent->comm converts three structs, not the kernel.
package ctype

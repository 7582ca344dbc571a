// Package check owns the semantic analysis of D: it resolves identifiers
// (D's built-in variables, subroutines, actions and aggregating functions,
// script variables of every scope, inlines, enumerators, kernel symbols),
// gives every expression its C type under C's conversion rules, folds
// constants where C does, and reports DTrace's semantic errors with their
// tags and wording, stopping at the first as DTrace does.
//
// Check returns an Info: the type of every expression, the variable every
// identifier resolves to, per-clause information and the translators in
// scope, and the conversions of every format string (Info.Formats),
// parsed once here with format.Parse and checked against their arguments
// by the class format gives each conversion: the code generator and the
// consumer use them as parsed; likewise the parameters of lquantize()
// and llquantize() (Var.Params, an agg.Params). The table of built-ins (Builtins) is
// shared with the code generator.
//
// Types come from a ctype.Universe, options from an Options interface
// that the option catalogue satisfies, and what each probe description
// matches from a ProbeInfo (the driver's is over the providers' probe
// table): args[] has the provider's translated types, resolved by name
// in the program's scope and made from the native ones through the D
// library's translators, as DTrace's dt_idcook_args does. A clause is
// checked with its first description's arguments, and the others must
// give the arguments it uses the same types, made the same way. Info
// says what the code generator and the driver need besides types: per
// clause the natives of args[], the native each is made from and the
// translators, the translator of each translated expression, and whether
// the program is destructive.
//
// Each clause also gets its stability attributes, as DTrace's parser
// gives every node the least attribute of what it is made of (attr.go):
// its probe descriptions' (from their provider's, Unstable for a provider
// pattern) and its statements' (built-ins by the table, args[] and
// probeprov and the others by the provider, kernel types and symbols
// Private, and so an enumerator compared, on the right, with a value of
// its enum, which DTrace's parser turns into a constant with a symbol's
// attribute; what "#pragma D attributes" says). dtrace -v reports them, and
// the amin option refuses a clause or an expression below its minimum
// (D_ATTR_MIN).
//
// The D library DTrace ships as /usr/lib64/dtrace/*.d (psinfo_t,
// lwpsinfo_t, fileinfo_t, bufinfo_t, devinfo_t and their translators,
// curpsinfo, NULL, the uregs[] register names, ...) is written in D under
// lib/, embedded, parsed once, and checked against the kernel's types
// before each program; declarations the kernel cannot support are left
// out. Its translators and what names kernel structs are checked only
// for a program that mentions what they mention or define, or when a
// clause first uses a translated args[]: most programs then never load
// the kernel's BTF. The library files of -L and libdir (Config.Libs)
// follow it, checked whole, and their errors are the program's.
package check

// Package check owns the semantic analysis of D: it resolves identifiers
// (D's built-in variables, subroutines, actions and aggregating functions,
// script variables of every scope, inlines, enumerators, kernel symbols),
// gives every expression its C type under C's conversion rules, folds
// constants where C does, and reports DTrace's semantic errors with their
// tags and wording, stopping at the first as DTrace does.
//
// Check returns an Info: the type of every expression, the variable every
// identifier resolves to, per-clause information and the translators in
// scope. The tables of built-ins (Builtins) and printf conversions
// (ParseFormat) are shared with the code generator.
//
// Types come from a ctype.Universe, probe argument types from a ProbeInfo
// that providers implement, and options from an Options interface that
// the option catalogue satisfies. The D library DTrace ships as
// /usr/lib64/dtrace/*.d (psinfo_t, lwpsinfo_t, fileinfo_t, bufinfo_t,
// devinfo_t and their translators, curpsinfo, NULL, ...) is written in D
// under lib/, embedded, parsed once, and checked against the kernel's
// types before each program; declarations the kernel cannot support are
// left out.
package check

// Package parser owns the syntax of D: it turns a D program's text into an
// ast.Program, expanding macro arguments ($1, $$1, $target) on the way,
// and reports the first syntax error as DTrace reports it, with its tag
// (`[D_SYNTAX] line 3: syntax error near ";"`).
//
// Like DTrace, the parser stops at the first error. Deeply nested input is
// refused with an error instead of exhausting the stack.
package parser

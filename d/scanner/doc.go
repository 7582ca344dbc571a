// Package scanner owns the lexical analysis of D: it turns source text into
// tokens, in two modes as DTrace's lexer has them — the outer scope, where
// probe descriptions such as syscall::open*:entry are single tokens, and
// clause and expression text, where they would be operators. It applies
// the `# N "file"` line markers of the C preprocessor and reports control
// lines (#pragma) as tokens.
//
// Errors carry DTrace's tags and messages (D_INT_DIGIT, D_STR_NL, ...).
package scanner

// Package diag owns the D compiler's diagnostics: the catalogue of DTrace's
// error tags (D_SYNTAX, D_OP_INCOMPAT, ...), the Error type that carries a
// tag, a position and DTrace's message, and List, the sorted collection of
// errors that a compilation phase returns.
package diag

// Package ast owns the syntax tree of D programs: probe clauses, the
// declarations, inlines, translators and provider definitions between them,
// statements, expressions and C type syntax, each node with its source
// position. Walk and Inspect traverse a tree; Fprint prints it back as D
// text that parses to the same tree.
//
// The tree is syntax only: names are not resolved and types not checked
// (that is d/check's job). Macro arguments ($1, $target) are already
// replaced by the tokens they stand for.
package ast

// Package token owns the vocabulary of the D language: the token kinds the
// scanner produces, and source positions (a compact Pos plus the File that
// turns it into a file:line:col Position on demand, honouring the
// `# N "file"` line markers that the C preprocessor emits).
package token

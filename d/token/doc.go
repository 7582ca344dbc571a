// Package token owns the vocabulary of the D language: the token kinds the
// scanner produces, and source positions (a compact Pos plus the File that
// turns it into a file:line:col Position on demand, honouring the
// `# N "file"` line markers that the C preprocessor emits). The files of
// a FileSet have positions apart, as go/token's do, so that a program
// made of the declarations of several files expands each position in
// its own file.
package token

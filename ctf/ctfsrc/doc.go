// Package ctfsrc owns the mapping between CTF and the project's C type
// model: a ctype.Source over a CTF dict (or each member of an archive),
// and an Encoder that writes ctype types as a CTF dict.
//
// The mapping follows libctf's and DTrace's conventions where CTF has no
// direct counterpart: void is the size-0 integer "void" gcc -gctf writes
// (or type 0); a bitfield member's slice becomes the member's Bits; D's
// string type is the typedef "string" of a char array, as DTrace's own D
// container defines it. A forward in a parent dict is resolved by name in
// the child that asks, which is how a pointer shared by modules reaches
// each module's own definition.
package ctfsrc

// Package ctf owns the Compact Type Format: reading and writing CTF
// version 3 dicts and CTF archives (.ctfa) in the layout GNU binutils'
// libctf uses, and finding the .ctf section that gcc -gctf and GNU ld emit
// in ELF files.
//
// A Dict is the decoded, in-memory form of one dict: its types, variables,
// data-object and function symbols, labels and names. Child dicts number
// their types from ChildBase and refer to their parent's types by the
// parent's IDs; Dict.Type resolves either once the parent is attached.
// An Archive maps its file and decodes a member only when it is first asked
// for, so opening the archive of a whole kernel costs almost nothing.
//
// Every reader here treats its input as hostile: a corrupt file is an
// error, never a panic, and no allocation is larger than the input could
// justify.
package ctf

// Package fromdwarf owns the conversion of DWARF debugging information
// (DWARF 4 and 5, as gcc and clang emit it) into deduplicated CTF: what
// dwarf2ctf does to a kernel build tree or any set of ELF files.
//
// Every input (vmlinux and each module, or any executable and its
// "modules") is read in parallel, one chunk of compilation units at a time,
// and each type is reduced to a canonical form whose hash identifies it
// across units and inputs. The package decodes .debug_info itself: only
// the entries and attributes CTF needs, jumping over function bodies by
// DW_AT_sibling, with names left in the (mapped) string sections until a
// new type keeps them. Types that are the same everywhere go into one
// shared parent dict, and so does, of a name defined differently in
// different places, the definition most inputs use; what is private to an
// input, or one of the other definitions, goes into that input's child
// dict, which also holds the input's global variables.
//
// Pointers name the structs, unions, enums and typedefs they point to
// rather than embedding them, as CTF's forwards allow: that breaks the
// cycles of self-referential types and lets a pointer to a type that is
// defined differently in two modules still be shared. In the parent such a
// pointer leads to a forward, which a consumer resolves in the child it
// reads (see package ctfsrc); a typedef has no forward, so a shared pointer
// to a typedef names the parent's definition.
package fromdwarf

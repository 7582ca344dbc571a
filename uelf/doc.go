// Package uelf owns what the tracer reads from user-space ELF files:
// symbol tables (with separate debug files), the translation between
// process addresses, ELF virtual addresses and file offsets, module names
// as DTrace spells them, symbolization of user addresses in a running
// process (ustack frames such as "libc.so.6`malloc+0x1a"), demangling of
// C++ and Rust names, and USDT probes described by SystemTap .note.stapsdt
// notes, with their argument specifications decoded. Subpackage unwind
// turns their call frame information into the rows ustack() unwinds by.
//
// # Symbols
//
// A File merges .symtab and .dynsym. When the file has no .symtab (a
// stripped binary, as distributions ship them) the debug file is looked
// for under /usr/lib/debug, first by build ID
// (.build-id/xx/yyyy.debug), then by the .gnu_debuglink name (next to the
// file, in its .debug directory, and under /usr/lib/debug plus the
// file's directory). Without one, the MiniDebugInfo of Fedora-style
// binaries (.gnu_debugdata, an xz-compressed ELF holding the .symtab of
// the functions stripping removed) is decompressed with
// github.com/ulikunitz/xz, the standard library having no xz reader.
//
// # Addresses
//
// An address in a process is turned into a symbol in three steps: the
// mapping that holds it gives a file offset (addr - start + mapping
// offset), the PT_LOAD segment that holds the offset gives the ELF
// virtual address, and the symbol table is searched by that. The same
// path works for position-dependent executables, PIEs and shared
// libraries, wherever they were loaded. Uprobes want the reverse: a
// symbol's file offset (FuncOffset).
package uelf

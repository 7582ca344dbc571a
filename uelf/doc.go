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
//
// # Demangling
//
// C++ names are demangled by github.com/ianlancetaylor/demangle (the
// demangler of Go's own tools), Rust names by demangle_rust.go, with the
// library for what that leaves mangled. The choice was measured against
// c++filt (binutils 2.40) on every C++ and Rust symbol of Debian 12's
// libstdc++ (5,864), Boost program_options and regex (541), LLVM 15
// (39,391) and a Rust 1.95 program built with legacy and v0 mangling
// (712 each). The library gave c++filt's text for 100% of libstdc++ and
// Boost and 96.8% of LLVM, leaving nothing mangled; this package's own
// C++ demangler gave 99.95%, 98.1% and 92.4%, left 1,078 names mangled and
// spelled about 1,900 others wrongly, so it was replaced. For Rust, this
// package's demangler matches c++filt on 97.5% (legacy) and 96.2% (v0),
// crate and legacy hashes included, which the library always drops
// (98.3% and 98.6% the same but for hashes): it stays first, so Rust
// frames keep c++filt's spelling, and the library demangles the rest.
package uelf

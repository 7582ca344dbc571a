// Package ksym owns the map of kernel addresses to symbols and modules: for
// every kernel address, which symbol (with its size) and which module it
// belongs to, also for code built into the kernel from a module's sources,
// and whether the address falls inside a symbol or in a gap between symbols.
//
// Patched kernels offer that map as /proc/kallmodsyms (ADDR SIZE TYPE NAME
// [module]); stock kernels do not, so the table is built in user space from
// what the running system offers:
//
//   - /proc/kallsyms: the running addresses, types and names, with [module]
//     for loadable modules only and no sizes (ParseKallsyms);
//   - modules.builtin.ranges (Linux 6.12+, CONFIG_BUILTIN_MODULE_RANGES): per
//     ELF section, offset ranges of the code and data of built-in modules,
//     relative to an anchor symbol, so they survive KASLR (ParseBuiltinRanges);
//   - modules.builtin: the names of the built-in modules (ParseModulesBuiltin);
//   - System.map and the vmlinux ELF symbol table: link-time addresses, and
//     from ELF the real sizes (st_size) (ParseSystemMap, ReadELFSymbols);
//   - /proc/modules and /sys/module: loaded modules with their addresses and
//     sizes (ParseProcModules, ReadSysModules).
//
// Build combines them into one Table. Link-time addresses are relocated by
// the KASLR offset seen in kallsyms (the difference of the addresses of
// _text, else _stext). Symbols from every source are merged by (address,
// name); a System.map or vmlinux in which most running symbols are not
// found at their running addresses is of another build, and refused.
// Built-in module names come from the ranges, and are named as if the
// module were loadable.
//
// # Sizes
//
// A size from the vmlinux symbol table is used as is. Otherwise the size is
// inferred as the distance to the next higher symbol address, but only when
// that next symbol is of the same class (text t/T/w/W, data d/D/v/V, rodata
// r/R, bss b/B; absolute symbols are in no section, never get a size and
// are skipped as next symbols), lies in the same loadable module, and is
// not further away than a plausible symbol size (256 KiB for text, 16 MiB
// for data); when it is further, a hole (padding to the next section)
// follows and the symbol gets the rest of its 4 KiB page, which holds its
// own bytes (srso_alias_return_thunk, a thunk followed by 1 MiB of
// padding, is still named) and not the hole. A loadable module's symbol also ends at the next of the
// module's sections (/sys/module/NAME/sections) or at the end of its core
// layout (/proc/modules), whichever comes first; that also sizes the last
// symbol before a change of class. Otherwise the size stays 0: the symbol
// then covers no address, and an address after it is "not inside any
// symbol". This keeps end markers such as _etext from swallowing the next
// section.
//
// # Lookups
//
// Table.Lookup maps an address to the symbol containing it and the offset
// in it. Of aliases at one address the largest wins, then a non-weak one,
// then the lexically first name, as in DTrace. Nested extents (a label
// inside a sized object) resolve to the innermost sized symbol. An address
// in no symbol may still lie inside a module (a gap between two symbols of
// one module, or inside a loadable module's core layout): Table.ModuleAt
// reports it, and AppendAddr prints it as DTrace does, module`0xaddr. Core
// kernel code is named "vmlinux", as DTrace names it. Lookups do not
// allocate.
//
// Kernel loads the running system's table lazily, once.
//
// # Measurements
//
// On the development machine (kernel 6.18, 122,133 kallsyms lines, 2 cores
// shared with other builds at load 6-9; README.md has the details and the
// figures under heavier load): loading the running kernel's table takes
// about 110 ms, of which the kernel's formatting of /proc/kallsyms is
// about 80 ms (BenchmarkLoadKallsyms); Lookup takes 143-380 ns in
// scattered order and formatting a hot stack frame about 60 ns, with 0
// allocations (BenchmarkLookup, BenchmarkAppendAddr).
package ksym

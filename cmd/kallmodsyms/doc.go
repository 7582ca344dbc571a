// Command kallmodsyms prints the kernel's symbols in the format of the
// original /proc/kallmodsyms (ADDR SIZE TYPE NAME [module]), built by
// package ksym from /proc/kallsyms, modules.builtin.ranges,
// modules.builtin, System.map, vmlinux and the loaded modules.
//
// Usage:
//
//	kallmodsyms [-kallsyms FILE] [-ranges FILE] [-builtin FILE]
//	            [-vmlinux FILE] [-system-map FILE]
//	            [-proc-modules FILE] [-sys-module DIR]
//
// Every input defaults to the running system's; an empty value leaves an
// input out. A default that does not exist is skipped, a file given that
// does not exist is an error.
package main

// Package btfsrc owns the kernel's BTF as a ctype.Source: it maps
// cilium/ebpf's btf types onto the ctype model on demand, one type at a
// time, so that resolving a member chain of struct task_struct converts only
// the structs on the chain.
//
// The vmlinux BTF is loaded once per process and shared, and only when a
// lookup needs a type: until then the names of its typedefs and base
// types, read straight from the type headers, tell the parser which
// identifiers are types. Kernel modules' BTF (/sys/kernel/btf/<module>)
// is loaded when a module is first named.
package btfsrc

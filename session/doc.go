// Package session owns a compiled D program brought to life: the probe
// table it is compiled against, the runtime maps sized for it with the
// string table and globals filled in, the programs of its enabled probes
// built, loaded and attached through package consume, and the consumer
// side of the run: each record decoded by the program's record
// descriptions and printed as DTrace prints it (probe lines, trace(),
// printf(), printa()), faults and drops reported on stderr, and the
// aggregations printed when the run ends.
//
// Kernel addresses are symbolized with the kernel's symbol table, loaded
// only for programs that record some; user addresses through the
// mappings and ELF symbol tables of their processes (syms.go), cached per
// process and kept after it exits. The processes of -c and -p are
// followed from the start (Session.Follow, with a proc.MapWatch), others
// read at their first record or key notice; a process gone before that
// prints raw addresses, as in DTrace.
package session

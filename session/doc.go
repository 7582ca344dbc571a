// Package session owns a compiled D program brought to life: the probe
// table it is compiled against, the runtime maps sized for it with the
// string table and globals filled in, the programs of its enabled probes
// built, loaded and attached through package consume, and the consumer
// side of the run: each record decoded by the program's record
// descriptions and printed as DTrace prints it (probe lines, trace(),
// printf(), printa()), faults and drops reported on stderr, and the
// aggregations printed when the run ends.
package session

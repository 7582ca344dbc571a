/*
 * curcpu points at the CPU's cpuinfo_t: cpu_id is the CPU the clause
 * runs on, in no processor set; print() shows the struct it points to.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", curcpu->cpu_id == cpu, curcpu->cpu_pset, curcpu->cpu_chip >= 0, curcpu->cpu_lgrp);
	c = *curcpu;
	printf("%d\n", c.cpu_id == cpu);
	exit(0);
}

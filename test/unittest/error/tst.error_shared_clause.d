/*
 * A clause for both ERROR and a probe of the same program as the clause
 * that faults: the program calls it for either.
 * (@@ids: the probe ID of the fault message is masked.)
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	trace(*(int *)0);
}

syscall::write:entry,
ERROR
/pid == $target/
{
	printf("%s %d %d\n", probename, arg0, arg4);
}

syscall::write:entry
/pid == $target/
{
	exit(0);
}

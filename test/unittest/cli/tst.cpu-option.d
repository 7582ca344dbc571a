/*
 * -x cpu=0: profile and tick fire on CPU 0 alone, other probes run their
 * clauses only there, and BEGIN and END fire there too.
 */
#pragma D option quiet
BEGIN
{
	printf("BEGIN on %d\n", cpu);
}
profile-997
{
	@profile[cpu] = count();
}
syscall:::entry
{
	@syscall[cpu] = count();
}
tick-100ms
/++n == 5/
{
	exit(0);
}
END
{
	printf("END on %d\n", cpu);
	printa("profile on %d\n", @profile);
	printa("syscall on %d\n", @syscall);
}

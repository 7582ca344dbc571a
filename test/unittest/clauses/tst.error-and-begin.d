/*
 * A clause for BEGIN and ERROR beside other BEGIN clauses: it runs for
 * BEGIN and for the fault of a later clause, whose message numbers the
 * clauses as DTrace does, one statement per probe description.
 * @@nosort
 */
#pragma D option quiet

BEGIN,ERROR
{
	printf("%s\n", probename);
}

BEGIN
{
	trace(*(int *)8);
}

BEGIN
{
	exit(0);
}

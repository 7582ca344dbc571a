/*
 * "matched N probes" counts, as DTrace does, the probes each description
 * of each clause matches: BEGIN four times (twice in one clause) and END
 * once make 5, though only two distinct probes fire.
 */
BEGIN
/n == 0/
{
	n = 1;
}

BEGIN,
BEGIN
/n == 1/
{
	n++;
}

END
{
	trace(n);
}

BEGIN
{
	exit(0);
}

/*
 * A fill buffer keeps room for the END clauses' records. Two END clauses
 * of three ints each (12 bytes and a 4-byte EPID) need more than the 30
 * bytes of this buffer, though each alone, and the BEGIN clause, fit in it.
 */
#pragma D option bufpolicy=fill
#pragma D option bufsize=30

BEGIN
{
	exit(0);
}

END
{
	trace(1);
	trace(2);
	trace(3);
}

END
{
	trace(4);
	trace(5);
	trace(6);
}

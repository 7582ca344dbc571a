/*
 * A script and two -n programs are enabled together, in command-line
 * order, each with its own "matched" notice; the clauses of one probe run
 * in that order. @@nosort
 */
BEGIN
{
	trace(1);
}

/* A variable may not hold both a pointer into alloca() memory and any
   other pointer, in whichever order the clauses assign them: DTrace
   could not tell how to load through it. It names the first line of
   the clause of the second kind of assignment. */
BEGIN
{
	p = (char *)curthread;
}

BEGIN
{
	p = (char *)alloca(4);
}

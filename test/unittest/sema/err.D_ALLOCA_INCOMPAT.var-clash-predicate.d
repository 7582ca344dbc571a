/* The actions are checked before the predicate, as in DTrace: the
   predicate's alloca() store into a variable the actions assign a
   kernel pointer clashes. */
BEGIN
/(this->n++ == 0) ? (q = alloca(4)) : q/
{
	q = (void *)curthread;
}

/* Through a translator, only the members it defines exist. */
proc:::create
{
	trace(args[0]->no_such_member);
}

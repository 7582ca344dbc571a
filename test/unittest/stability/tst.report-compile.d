/*
 * dtrace -ev prints the report and then each description's attributes
 * and argument types, as DTrace's info_stmt does.  @@nosort
 */
syscall::write:entry
{
	@[probefunc] = count();
}

/*
 * The programs of one command line share one identifier table: a later
 * script sees the variables, aggregations and types an earlier one made.
 */
#pragma D option quiet
struct pair { int a; long b; };
BEGIN
{
	x = 5;
	self->t = 7;
	s = "shared";
	@n = count();
}

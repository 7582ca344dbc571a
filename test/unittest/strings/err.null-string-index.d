/*
 * Reading a character of a NULL string faults at the address of the
 * character; the clause stops there and the next one runs.
 */
#pragma D option quiet
BEGIN
{
	self->s = "ABC";
	self->s = NULL;
	trace(self->s[2]);
}
BEGIN
{
	exit(1);
}

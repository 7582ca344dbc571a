/* An operator ending the predicate is reported on the line after it. */
BEGIN
/pid & "x"/
{
	exit(0);
}

BEGIN
{
	trace(avg(2));
}

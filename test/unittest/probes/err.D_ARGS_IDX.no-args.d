proc:::exec-success
{
	trace(args[0]);
}

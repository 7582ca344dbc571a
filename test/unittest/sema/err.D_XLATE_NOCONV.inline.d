BEGIN
{
	trace(curpsinfo->pr_size);
}

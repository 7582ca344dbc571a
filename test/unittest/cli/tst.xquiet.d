/* -x quiet is -q: no notices, no probe lines. */
BEGIN
{
	trace("quiet");
	exit(0);
}

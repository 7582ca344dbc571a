/*
 * msgdsize() and msgsize() take illumos' STREAMS message blocks, mblk_t,
 * which Linux has not: their prototype does not resolve, as in DTrace.
 */
BEGIN
{
	trace(msgdsize(0));
}

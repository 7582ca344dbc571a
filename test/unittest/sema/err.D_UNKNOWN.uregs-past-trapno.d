/* uregs[] ends at R_TRAPNO, 25. */
BEGIN
{
	trace(uregs[26]);
}

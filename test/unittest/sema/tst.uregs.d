/* uregs[] takes the register names of the D library. */
BEGIN
{
	trace(uregs[R_RAX]);
	trace(uregs[R_PC]);
	trace(uregs[R_SP] + uregs[R_FP]);
	trace(uregs[0]);
	exit(0);
}

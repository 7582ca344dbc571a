/* arm64's register names: uregs[] indexes as DTrace for Linux's regs.d. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d %d\n", R_X0, R_X30, R_SP, R_PC, R_PSTATE, R_FP);
	exit(0);
}

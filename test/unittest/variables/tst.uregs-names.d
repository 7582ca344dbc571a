/*
 * uregs[] by the names of the D library: the 32-bit and the generic names
 * are other names of the 64-bit registers, and the segment registers and
 * the trap number past R_SS are the task's saved thread state.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", R_EAX, R_EDI, R_PC, R_SP, R_R1, R_TRAPNO);
	printf("%d\n", uregs[R_EIP] == uregs[R_RIP] && uregs[R_ESP] == uregs[R_SP]);
	printf("%d\n", uregs[R_FS] == curthread->thread.fsbase);
	printf("%d\n", uregs[R_GS] == curthread->thread.gsbase);
	printf("%d\n", uregs[R_DS] == curthread->thread.ds);
	printf("%d\n", uregs[R_TRAPNO] == curthread->thread.trap_nr);
	printf("%d\n", uregs[R_FS] != 0);
	exit(0);
}

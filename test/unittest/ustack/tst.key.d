/*
 * User stacks and symbols as aggregation keys, printed once the target
 * has exited.
 * @@nosort
 */
#pragma D option quiet

syscall::exit_group:entry
/pid == $target/
{
	@s[ustack(1)] = count();
	@f[ufunc(uregs[R_PC])] = count();
	@m[umod(uregs[R_PC])] = count();
}

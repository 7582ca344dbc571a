/*
 * With noresolve, user addresses print as module:offset, the offset in
 * the module's mapping; umod() is unchanged.
 * @@nosort
 */
#pragma D option quiet
#pragma D option noresolve

syscall::exit_group:entry
/pid == $target/
{
	ustack(1);
	umod(uregs[R_PC]);
	printf("|\n");
	usym(uregs[R_PC]);
	printf("|\n[%A]\n", uregs[R_PC]);
}

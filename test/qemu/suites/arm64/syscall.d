/*
 * syscall entry and return of a known program, dtrace -V run by -c: the Go
 * runtime opens transparent_hugepage's hpage_pmd_size with openat(AT_FDCWD,
 * ...) (arm64 has no open), writes the version line to fd 1 and leaves
 * with exit_group(0). The arguments come from x0-x5, the number from
 * syscallno: the user registers say the same (x8 holds the number).
 */
#pragma D option quiet
syscall::openat:entry
/pid == $target/
{
	thp = arg0 == -100; /* AT_FDCWD */
	self->in = 1;
}
syscall::openat:return
/self->in/
{
	self->in = 0;
	fd = 1;
}
syscall::write:entry
/pid == $target && arg0 == 1/
{
	w = arg2 > 10;
	x8 = uregs[R_X8] == 64 && uregs[R_X0] == arg0 && uregs[R_X2] == arg2;
	pcsp = uregs[R_PC] != 0 && uregs[R_SP] != 0;
}
syscall::write:return
/pid == $target && arg0 > 10/
{
	wr = 1;
}
syscall::exit_group:entry
/pid == $target/
{
	code = arg0 + 1;
}
END
{
	printf("openat %d %d\nwrite %d %d\nregs %d %d\nexit_group %d\n", thp, fd, w, wr, x8, pcsp, code);
}

/*
 * An operator or an integer cast applied to integer constants gives a
 * constant, as DTrace's parser folds it as it reads: it may be what
 * args[], uregs[], stack() and ustack() require an integer constant for.
 */
syscall::read:entry
{
	trace(args[1 + 1]);
	trace(args[(int)0]);
	stack(2 * 3);
	ustack(-(-2), 10 << 2);
	trace(uregs[R_SP + 0]);
}

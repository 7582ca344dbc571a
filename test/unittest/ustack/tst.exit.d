/*
 * The user stack and the user symbol actions where the target calls
 * exit_group: in libc's _exit, whose name Debian's libc has in .dynsym.
 * libc is built without frame pointers, so one frame is asked for.
 * @@nosort
 */
#pragma D option quiet

syscall::exit_group:entry
/pid == $target/
{
	ustack(1);
	umod(uregs[R_PC]);
	printf("|\n");
	usym(uregs[R_PC]);
	printf("|\n");
	uaddr(uregs[R_PC]);
	printf("|\n[%A]\n", uregs[R_PC]);
}

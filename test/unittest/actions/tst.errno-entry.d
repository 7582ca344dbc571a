/*
 * errno is the error of the system call a return probe reports, and 0
 * at the call's entry and in any other probe, even in a clause it shares
 * with return probes: the shell's open of a missing file fails.
 */
#pragma D option quiet

syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/no/such/file"/
{
	self->path = 1;
	printf("entry %d\n", errno);
}

syscall::openat:return,
proc:::exit
/pid == $target && (self->path || probename == "exit")/
{
	printf("%s %d %d\n", probename, errno, errno == ENOENT);
	self->path = 0;
}

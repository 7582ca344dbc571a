/* Probe descriptions of the built-in providers and their variables. */
BEGIN, END
{
	trace(probeprov);
	trace(probemod);
	trace(probefunc);
	trace(probename);
	trace(epid);
	trace(id);
}
profile-97
{
	@[cpu] = count();
}
tick-1s
{
	trace(walltimestamp);
	trace(pid);
	trace(tid);
	trace(ppid);
	trace(uid);
	trace(gid);
	trace(errno);
	trace(arg0 + arg9);
	trace(caller);
	trace(stackdepth);
}
syscall::openat:entry
{
	trace(copyinstr(arg1));
}

/* errno on syscall return probes: ENOENT for a missing file, 0 for success. */
#pragma D option quiet
syscall::openat:entry
/pid == $target/
{
	self->path = arg1;
}
syscall::openat:return
/self->path && copyinstr(self->path) == "/nonexistent-godtrace"/
{
	printf("missing: errno %d\n", errno);
}
syscall::openat:return
/self->path && copyinstr(self->path) == "/dev/null"/
{
	printf("found: errno %d\n", errno);
}
syscall::openat:return
{
	self->path = 0;
}

/*
 * copyin(), copyinto() and copyinstr() of sizes known only at run time.
 * The path is read on return from openat, when its page is resident.
 */
#pragma D option quiet
syscall::openat:entry
/pid == $target/
{
	self->path = arg1;
}
syscall::openat:return
/self->path && copyinstr(self->path) == "/dev/null"/
{
	n = 4;
	this->b = (char *)copyin(self->path, n);
	this->c = (char *)alloca(n);
	copyinto(self->path + 5, n - 1, this->c);
	printf("%c%c%c%c [%s]\n", this->b[0], this->b[1], this->b[2], this->b[3], stringof(this->c));
	printf("[%s] [%s] [%s]\n", copyinstr(self->path, n + 1), copyinstr(self->path, n - 4),
	    copyinstr(self->path, n * 1000));
	/* The size counts the NUL, as in DTrace: 8 keeps 7 characters. */
	printf("[%s]\n", copyinstr(self->path, 8));
	exit(0);
}
syscall::openat:return
{
	self->path = 0;
}

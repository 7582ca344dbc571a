/*
 * copyin(), copyinto() and bcopy() into alloca'd memory. The path is read
 * on return from openat, when the kernel has faulted its page in: on entry
 * it may not be resident yet, and copyin would rightly fault.
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
	this->b = (char *)copyin(self->path, 4);
	this->c = (char *)alloca(4);
	copyinto(self->path + 5, 3, this->c);
	this->d = (char *)alloca(8);
	bcopy(this->b, this->d, 4);
	printf("%c%c%c%c [%s] [%s]\n", this->b[0], this->b[1], this->b[2], this->b[3], stringof(this->c), stringof(this->d));
	exit(0);
}
syscall::openat:return
{
	self->path = 0;
}

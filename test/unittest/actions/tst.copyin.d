/* copyin(), copyinto() and bcopy() into alloca'd memory. */
#pragma D option quiet
syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/dev/null"/
{
	this->b = (char *)copyin(arg1, 4);
	this->c = (char *)alloca(4);
	copyinto(arg1 + 5, 3, this->c);
	this->d = (char *)alloca(8);
	bcopy(this->b, this->d, 4);
	printf("%c%c%c%c [%s] [%s]\n", this->b[0], this->b[1], this->b[2], this->b[3], stringof(this->c), stringof(this->d));
	exit(0);
}

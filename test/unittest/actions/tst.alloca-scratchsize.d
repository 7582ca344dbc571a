/* scratchsize bounds alloca(): with 1024 bytes of it, alloca(1024) is
   no compile error and gives zeroed memory. */
#pragma D option quiet
#pragma D option scratchsize=1024

BEGIN
{
	this->p = (char *)alloca(1024);
	printf("%d\n", this->p[1023]);
	exit(0);
}

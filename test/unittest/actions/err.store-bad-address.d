/* A store through a pointer that is not alloca'd memory faults. */
#pragma D option quiet
BEGIN
{
	this->p = (int *)alloca(4);
	*this->p = 1;
	this->q = this->p + 2;
	*this->q = 2;
	printf("not reached\n");
}
BEGIN
{
	exit(1);
}

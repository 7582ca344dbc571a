/*
 * bcopy() of a size known only at run time into alloca'd memory faults
 * with "invalid size" when the copy runs past the end of the alloca()
 * memory, and with "invalid address" when it starts outside it.
 */
#pragma D option quiet
#pragma D option scratchsize=64
BEGIN
{
	sz = 24;
	this->a = (char *)alloca(sz);
	bcopy(this->a, this->a + 8, sz + 36);
	printf("not reached\n");
}
BEGIN
{
	sz = 8;
	this->a = (char *)alloca(sz);
	bcopy(this->a, this->a - 8, sz);
	printf("not reached\n");
}
BEGIN
{
	sz = 8;
	this->a = (char *)alloca(sz);
	bcopy(this->a, this->a + 56, sz);
	printf("fits\n");
	exit(1);
}

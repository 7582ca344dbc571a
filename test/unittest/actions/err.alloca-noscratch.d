/*
 * An alloca() of a size known only at run time faults when it does not
 * fit in scratchsize bytes, as does one that does not fit in what the
 * clause's earlier allocations left.
 */
#pragma D option quiet
#pragma D option scratchsize=64
BEGIN
{
	sz = 65;
	alloca(sz);
	printf("not reached\n");
}
BEGIN
{
	sz = 40;
	this->a = alloca(sz);
	this->b = alloca(sz);
	printf("not reached\n");
}
BEGIN
{
	sz = 64;
	this->a = alloca(sz);
	printf("fits\n");
	exit(1);
}

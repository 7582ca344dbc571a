/* copyin() of an address that cannot be read faults with the address. */
#pragma D option quiet
BEGIN
{
	this->b = (char *)copyin(16, 4);
	printf("not reached\n");
}
BEGIN
{
	exit(1);
}

/*
 * A pointer to a global array's storage may be written through, by index
 * or by dereference; an address outside D's memory still faults.
 * @@nosort
 */
#pragma D option quiet

int arr[4];
int *p;
this int *q;

BEGIN
{
	p = arr;
	p[0] = 1;
	p[2] = 5;
	*(p + 1) = 3;
	this->q = &arr[3];
	*this->q = 9;
	printf("%d %d %d %d\n", arr[0], arr[1], arr[2], arr[3]);
}

BEGIN
{
	p = (int *)8;
	*p = 1;
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(0);
}

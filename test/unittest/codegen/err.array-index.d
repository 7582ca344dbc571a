/*
 * An index outside an array faults with "index out of bounds", as in
 * DTrace for Linux: in a store, a load, below 0 and in a kernel
 * structure's array member.
 */
#pragma D option quiet
int a[4];
BEGIN
{
	i = 4;
	a[i] = 1;
	printf("not reached\n");
}
BEGIN
{
	i = -1;
	trace(a[i]);
	printf("not reached\n");
}
BEGIN
{
	i = 16;
	trace(curthread->comm[i]);
	printf("not reached\n");
}
BEGIN
{
	i = 15;
	trace(curthread->comm[i]);
	a[3] = 1;
	exit(1);
}

/*
 * The elements of a thread-local variable declared an array are stored
 * into, at constant and variable indexes, and read back.
 */
#pragma D option quiet

self int b[5];

BEGIN
{
	self->b[1] = 2;
	self->b[4] = 7;
	self->b[1]++;
	self->b[2] += 3;
	i = 3;
	self->b[i] = 9;
	printf("%d %d %d %d %d\n", self->b[0], self->b[1], self->b[2], self->b[3], self->b[4]);
	exit(0);
}

/*
 * dynvarsize holds as many dynamic variables as DTrace counts: a
 * thread-local has no tuple, so three 4-byte ints fill 15 bytes, and the
 * largest value decides for all (the short takes 4 bytes too). Deleting
 * one makes room for another.
 */
#pragma D option quiet
#pragma D option dynvarsize=15

BEGIN
{
	self->a = 1;
	self->b = (short)2;
	self->c = 3;
	self->d = 4;
	printf("%d %d %d %d\n", self->a, self->b, self->c, self->d);
	self->b = 0;
	self->d = 4;
	printf("%d %d %d %d\n", self->a, self->b, self->c, self->d);
	exit(0);
}

#pragma D option quiet
BEGIN
{
	self->n = 3;
	self->n += 4;
	x[1, 2] = 12;
	x[2, 1] = 21;
}
BEGIN
{
	printf("%d %d %d %d\n", self->n, x[1, 2], x[2, 1], x[1, 1]);
	self->n = 0;
	x[1, 2]--;
	printf("%d %d\n", self->n, x[1, 2]);
	exit(0);
}

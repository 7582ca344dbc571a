/*
 * tracemem()'s third argument: of the bytes recorded, DTrace prints as
 * many as it says when that is fewer, all of them when it is negative,
 * and none for 0.
 * @@nosort
 */
#pragma D option quiet
BEGIN
{
	this->p = (char *)alloca(6);
	this->p[0] = 'L'; this->p[1] = 'i'; this->p[2] = 'n';
	this->p[3] = 'u'; this->p[4] = 'x'; this->p[5] = 1;
	printf("all");
	tracemem(this->p, 6, -1);
	printf("none");
	tracemem(this->p, 6, 0);
	printf("\ntwo");
	tracemem(this->p, 6, 2);
	n = 5;
	printf("five");
	tracemem(this->p, 6, n);
	printf("more");
	tracemem(this->p, 6, n * 3);
	printf("unsigned");
	tracemem(this->p, 6, (uint32_t)-1);
	exit(0);
}

/*
 * alloca() and bcopy() of sizes known only at run time: the memory is
 * zeroed, 8-byte aligned, laid out after the constant allocations, and
 * alloca(0) gives the same pointer each time.
 */
#pragma D option quiet
BEGIN
{
	n = 12;
	this->c = (char *)alloca(4);
	this->p = (char *)alloca(n);
	this->p[0] = 'h'; this->p[1] = 'i'; this->p[11] = 'z';
	this->q = (char *)alloca(n + 1);
	this->q[0] = 'x';
	printf("%s %s %d %d %d %d\n", stringof(this->p), stringof(this->q),
	    this->q - this->p, this->p - this->c, this->p[5], this->q[12]);
	printf("%d %d\n", alloca(0) == alloca(0), (char *)alloca(0) - this->q);
	this->c[0] = 'A'; this->c[1] = 'B'; this->c[2] = 'C';
	bcopy(this->c, this->q, n - 9);
	printf("%s\n", stringof(this->q));
	exit(0);
}

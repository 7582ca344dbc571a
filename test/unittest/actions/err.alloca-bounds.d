/*
 * Loads through pointers into alloca() memory are checked against what
 * the running clause has allocated, as in DTrace: memory alloca'd by an
 * earlier clause is no longer allocated (invalid address), nor is what
 * lies below an allocation (invalid address), and a load that starts in
 * an allocation but runs past the last one is an invalid size.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(1);
	*p = 'a';
	printf("same clause: %c\n", *p);
}

BEGIN
{
	printf("%c\n", *p);
}

BEGIN
{
	this->q = (int *)alloca(10);
	printf("%d\n", this->q[-1]);
}

BEGIN
{
	this->r = (char *)alloca(4);
	printf("%d\n", *(long *)(this->r + 4));
}

BEGIN
{
	this->s = (char *)alloca(4);
	this->t = (char *)alloca(8);
	this->s[0] = 'x';
	printf("after another alloca: %c\n", this->s[0]);
	exit(1);
}

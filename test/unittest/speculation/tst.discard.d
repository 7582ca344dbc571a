/* A discarded speculation prints nothing, and its buffer is reused. */
#pragma D option quiet
BEGIN
{
	s = speculation();
}
BEGIN
{
	speculate(s);
	printf("discarded\n");
}
BEGIN
{
	discard(s);
}
/* By the fifth tick the consumer has released the discarded buffer. */
tick-10ms
/++n == 5/
{
	t = speculation();
}
tick-10ms
/n == 5/
{
	speculate(t);
	printf("reused %d\n", t);
}
tick-10ms
/n == 5/
{
	commit(t);
}
tick-10ms
/n == 5/
{
	exit(0);
}

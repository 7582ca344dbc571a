/*
 * A speculation filled in BEGIN is committed by a later tick firing;
 * its records come out in the order they were recorded, after what
 * was traced directly in between.
 */
#pragma D option quiet
BEGIN
{
	s = speculation();
}
BEGIN
{
	speculate(s);
	printf("first %d\n", 1);
}
BEGIN
{
	speculate(s);
	printf("second %s\n", "two");
}
BEGIN
{
	printf("direct\n");
}
tick-10ms
/n++ == 2/
{
	commit(s);
}
tick-10ms
/n == 3/
{
	printf("tick\n");
	exit(0);
}

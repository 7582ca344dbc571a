/*
 * A speculation holds specsize bytes of records: with 32 bytes, two
 * 16-byte records fit, the third is dropped and reported.
 */
#pragma D option quiet
#pragma D option specsize=32
BEGIN
{
	s = speculation();
}
BEGIN
{
	speculate(s);
	printf("%d\n", 1);
}
BEGIN
{
	speculate(s);
	printf("%d\n", 2);
}
BEGIN
{
	speculate(s);
	printf("%d\n", 3);
}
BEGIN
{
	commit(s);
}
BEGIN
{
	exit(0);
}

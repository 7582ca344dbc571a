/* Committing a speculation that recorded nothing prints nothing. */
#pragma D option quiet
BEGIN
{
	s = speculation();
	printf("id %d\n", s);
}
BEGIN
{
	commit(s);
}
BEGIN
{
	printf("after\n");
	exit(0);
}

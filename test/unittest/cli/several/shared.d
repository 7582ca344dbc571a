/* Uses what the script before it on the command line declared and set. */
BEGIN
{
	printf("%d %d %s %d\n", x, self->t, s, sizeof(struct pair));
	printa("%@d\n", @n);
	exit(0);
}

/* -L adds a directory of D library files, read before the program. */
#pragma D option quiet
pair_t p;
BEGIN
{
	p.first = ANSWER;
	p.second = ANSWER_PERM;
	printf("%d %d %d\n", p.first, p.second, sizeof(pair_t));
	exit(0);
}

BEGIN
{
	seen[pid] = 1;
	n = seen + 1;
}

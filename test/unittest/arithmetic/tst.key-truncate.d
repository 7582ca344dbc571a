/*
 * A key computed in 64 bits is truncated to its type, as a stored value
 * is: for an int key, i * i and the low 32 bits of it are the same key.
 * @@nosort
 */
#pragma D option quiet

int i;

BEGIN
{
	i = 65536;
	a[i * i + 7] = 1;
	a[7] += 1;
	printf("%d %d\n", a[7], a[i * i + 7]);
	@n[i * i + 7] = count();
	@n[7] = count();
	exit(0);
}

END
{
	printa("%d %@d\n", @n);
}

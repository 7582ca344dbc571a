/*
 * link_ntop() writes an Ethernet (6 bytes) or InfiniBand (20 bytes)
 * address as hex pairs joined by colons, whether its type is a constant
 * or known only at run time; another type faults.
 */
#pragma D option quiet
uint8_t a[20];
BEGIN
{
	a[0] = 0xde; a[1] = 0xad; a[2] = 0x0b; a[3] = 0xef; a[4] = 0; a[5] = 0x7f;
	a[19] = 0xa5;
	printf("%s\n", link_ntop(ARPHRD_ETHER, a));
	t = ARPHRD_INFINIBAND;
	s = link_ntop(t, a);
	printf("%s %d\n", s, strlen(s));
}
BEGIN
{
	t = 99;
	printf("%s\n", link_ntop(t, a));
}
BEGIN
{
	exit(0);
}

/*
 * With a strsize shorter than an address, the address conversions and
 * d_path() still work, their text cut at strsize as any string is.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	this->a = (uint32_t *)alloca(16);
	this->a[0] = htonl(0x7f000001);
	this->a[3] = htonl(0xc0a80001);
	x = inet_ntoa((ipaddr_t *)this->a);
	y = inet_ntop(AF_INET6, this->a);
	z = link_ntop(ARPHRD_ETHER, (char *)this->a);
	w = d_path(&curthread->fs->root);
	printf("%s|%s|%s|%s|%s\n", x, y, z, w, strjoin("abcdef", "ghijkl"));
	exit(0);
}

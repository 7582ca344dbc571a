/*
 * inet_ntoa() and inet_ntoa6() as values (a variable, a comparison) are
 * converted in the clause, to the text the consumer prints for them.
 */
#pragma D option quiet

BEGIN
{
	this->v4 = (ipaddr_t *)alloca(4);
	this->v6 = (uint32_t *)alloca(16);
}

BEGIN
{
	*this->v4 = htonl(0x7f000001);
	s = inet_ntoa(this->v4);
	printf("%s %d\n", s, s == "127.0.0.1");
	*this->v4 = htonl(0x0a00c8ff);
	printf("%s|%s\n", inet_ntoa(this->v4), strjoin(inet_ntoa(this->v4), ""));
}

/* Each address twice: converted by the consumer, then by the clause. */
#define V6(a, b, c, d) \
	this->v6[0] = htonl(a); this->v6[1] = htonl(b); \
	this->v6[2] = htonl(c); this->v6[3] = htonl(d); \
	printf("%s %s\n", inet_ntoa6((in6_addr_t *)this->v6), \
	    strjoin(inet_ntoa6((in6_addr_t *)this->v6), ""))

/* inet_ntoa6(a, 1) and inet_ntop() keep an IPv4 address's IPv6 prefix. */
#define V6S(a, b, c, d) \
	this->v6[0] = htonl(a); this->v6[1] = htonl(b); \
	this->v6[2] = htonl(c); this->v6[3] = htonl(d); \
	printf("%s %s %s\n", inet_ntoa6((in6_addr_t *)this->v6, 1), \
	    strjoin(inet_ntoa6((in6_addr_t *)this->v6, 1), ""), \
	    inet_ntop(AF_INET6, (in6_addr_t *)this->v6))

BEGIN
{
	V6(0, 0, 0, 0);
	V6(0, 0, 0, 1);
	V6(0xfe800000, 0, 0, 1);
	V6(0x20010db8, 0, 1, 1);
	V6(0x20010db8, 0x10000, 0, 1);
	V6(0x00010002, 0x00030004, 0x00050006, 0x00070008);
	V6(0x00010000, 0, 0, 0);
	V6(0, 0x00010000, 0, 0x10000);
	V6(0, 0, 0xffff, 0x01020304);
	V6(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
	V6(0, 0, 0, 0x7f000001);
	V6(0, 0, 0, 0x00000200);
	V6(0, 0, 0x0000fffe, 0x7f000001);
	V6S(0, 0, 0xffff, 0x01020304);
	V6S(0, 0, 0, 0x7f000001);
	V6S(0, 0, 0, 1);
	exit(0);
}

/* The address conversions, printed through printf() and trace(). */
#pragma D option quiet
BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0xc0a80102);
	this->b = (uint8_t *)alloca(16);
	this->b[0] = 0x20; this->b[1] = 0x01; this->b[2] = 0x0d; this->b[3] = 0xb8;
	this->b[15] = 0x42;
	printf("%s %s|", inet_ntoa(this->a), inet_ntop(AF_INET, this->a));
	trace(inet_ntoa6((in6_addr_t *)this->b));
	printf("|%s\n", inet_ntop(AF_INET6, this->b));
	exit(0);
}

/*
 * An address converted for output is cut to strsize characters, as the
 * conversion of a value is.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	this->a = (uint8_t *)alloca(16);
	this->a[0] = 192;
	this->a[1] = 168;
	this->a[2] = 100;
	this->a[3] = 200;
	this->a[15] = 1;
	printf("%s|", inet_ntoa((ipaddr_t *)this->a));
	printf("%s|", inet_ntop(AF_INET6, this->a));
	printf("%s|", inet_ntoa6((struct in6_addr *)this->a));
	trace(inet_ntop(AF_INET, this->a));
	printf("\n");
	exit(0);
}

BEGIN
{
	trace(inet_ntoa6((struct in6_addr *)alloca(16), "1"));
}

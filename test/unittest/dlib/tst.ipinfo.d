/*
 * ipinfo_t from an IPv4 header and from an IPv6 header, built in
 * alloca() memory; a NULL header gives "<unknown>" addresses.
 */
#pragma D option quiet

BEGIN
{
	this->h = (struct iphdr *)alloca(sizeof(struct iphdr));
	this->h->ihl = 5;
	this->h->tot_len = htons(60);
	this->h->saddr = htonl(0x7f000001);
	this->h->daddr = htonl(0xc0a80102);
	printf("%d %d %s %s\n", xlate<ipinfo_t>(this->h).ip_ver, xlate<ipinfo_t>(this->h).ip_plength,
	    xlate<ipinfo_t>(this->h).ip_saddr, xlate<ipinfo_t>(this->h).ip_daddr);
	this->h6 = (struct ipv6hdr *)alloca(sizeof(struct ipv6hdr));
	this->h6->payload_len = htons(1280);
	this->h6->daddr.in6_u.u6_addr8[15] = 1;
	printf("%d %d %s %s\n", xlate<ipinfo_t *>(this->h6)->ip_ver, xlate<ipinfo_t *>(this->h6)->ip_plength,
	    xlate<ipinfo_t *>(this->h6)->ip_saddr, xlate<ipinfo_t *>(this->h6)->ip_daddr);
	printf("%s\n", xlate<ipinfo_t>((struct iphdr *)NULL).ip_saddr);
	exit(0);
}

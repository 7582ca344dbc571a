/* @@nosort */
/* Several aggregations with the same and with different keys, printed
   together: printa() of several aggregations joins them on their keys,
   a tuple one of them lacks printing as zero in it. */
#pragma D option quiet

BEGIN
{
	@calls["read"] = count();
	@calls["read"] = count();
	@calls["write"] = count();
	@bytes["read"] = sum(512);
	@bytes["read"] = sum(100);
	@bytes["write"] = sum(4096);
	@bytes["close"] = sum(0);
	@lat["read"] = avg(30);
	@lat["read"] = avg(50);
	@lat["open"] = avg(7);
	@other[1, 2] = max(12);
	printa("%-6s %@4d %@6d %@4d\n", @calls, @bytes, @lat);
	printf("--\n");
	printa(@calls, @bytes);
	printf("--\n");
	printa("%s %@d\n", @calls);
	exit(0);
}

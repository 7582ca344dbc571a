/* @@nosort */
/* agghist: count() and sum() values drawn as one distribution per
   aggregation, a row per key under a "key" header as wide as the keys;
   other functions print as usual. */
#pragma D option quiet
#pragma D option agghist

BEGIN
{
	@c["read"] = count();
	@c["write"] = count(); @c["write"] = count();
	@c["open"] = count(); @c["open"] = count(); @c["open"] = count(); @c["open"] = count(); @c["open"] = count();
	@s[1, "a"] = sum(-30);
	@s[2, "b"] = sum(10);
	@s[3, "c"] = sum(0);
	@n = count();
	@m["max"] = max(3);
	exit(0);
}

/* @@nosort */
/* min() and max(), down to INT64_MIN and up to INT64_MAX. */
#pragma D option quiet

BEGIN
{
	@mn["a"] = min(5);
	@mn["a"] = min(-2);
	@mn["a"] = min(9);
	@mn["lo"] = min(0x8000000000000000);
	@mn["lo"] = min(0);
	@mn["hi"] = min(0x7fffffffffffffff);
	@mx["a"] = max(5);
	@mx["a"] = max(-2);
	@mx["a"] = max(9);
	@mx["lo"] = max(0x8000000000000000);
	@mx["hi"] = max(0x7fffffffffffffff);
	@mx["hi"] = max(0);
	@mx["neg"] = max(-3);
	@mx["neg"] = max(-30);
	exit(0);
}

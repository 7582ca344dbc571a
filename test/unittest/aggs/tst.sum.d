/* @@nosort */
/* sum() of negative, zero and extreme values, which wrap as in C. */
#pragma D option quiet

BEGIN
{
	@s["neg"] = sum(-5);
	@s["neg"] = sum(-7);
	@s["zero"] = sum(0);
	@s["pos"] = sum(3);
	@s["pos"] = sum(4);
	@s["max"] = sum(0x7fffffffffffffff);
	@s["min"] = sum(0x8000000000000000);
	@s["wrap"] = sum(0x7fffffffffffffff);
	@s["wrap"] = sum(1);
	@u = sum((unsigned char)255);
	@u = sum((char)-1);
	exit(0);
}

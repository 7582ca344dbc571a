/* @@nosort */
/* sym(), func() and mod() keys of addresses no symbol covers print as
   hexadecimal addresses, one tuple each. */
#pragma D option quiet

BEGIN
{
	@s[sym(0)] = count();
	@s[sym(0)] = count();
	@s[sym(1)] = count();
	@f[func(2)] = count();
	@m[mod(3)] = count();
	@t[mod(3), 7] = count();
	exit(0);
}

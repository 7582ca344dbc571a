/* stack(), func(), sym() and mod() are actions that may also be aggregation keys. */
profile-997
{
	@s[stack()] = count();
	@f[func(arg0)] = count();
	@m[mod(arg0), sym(arg0)] = count();
	@u[ustack(), execname] = count();
}

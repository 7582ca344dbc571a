/*
 * ucaller at a pid entry probe on arm64: the return address is still in
 * the link register, x30, which the frame records do not hold yet; the
 * caller of main.leaf is main.main.
 */
#pragma D option quiet
pid$target:a.out:main.leaf:entry
{
	@[ufunc(ucaller)] = count();
}
END
{
	printa("%A %@d\n", @);
}

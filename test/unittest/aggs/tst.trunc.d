/* @@nosort */
/* trunc(): with n the n largest values stay, with -n the n smallest; a
   count beyond the number of tuples keeps them all; trunc(@, 0) and
   trunc(@) empty the aggregation, and data added afterwards (in END)
   starts afresh. Ties keep the tuples with the larger keys. */
#pragma D option quiet

BEGIN
{
	@[1] = sum(1); @[2] = sum(2); @[3] = sum(3); @[4] = sum(4); @[5] = sum(5);
	@[6] = sum(3); @[7] = sum(7); @[8] = sum(8);
	@h["a"] = quantize(1);
	@h["b"] = quantize(1000);
	@h["b"] = quantize(1000);
	@h["c"] = quantize(10);
	@z["a"] = count();
	@z["b"] = count();
}

BEGIN
{
	trunc(@, 5);
	printa(@);
	trunc(@, -4);
	printa(@);
	trunc(@, 2);
	printa(@);
	trunc(@, 10);
	printa(@);
	trunc(@, -10);
	printa(@);
	trunc(@, 0);
	printa(@);
	printf("--\n");
	trunc(@h, 1);
	trunc(@z);
	exit(0);
}

END
{
	@z["c"] = count();
}

/* @@nosort */
/* normalize() divides what prints by a factor, in the unsigned
   arithmetic DTrace uses; denormalize() removes the factor; normalize()
   again replaces it. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(1000);
	@s["b"] = sum(2500);
	@s["c"] = sum(-1000);
	@c = count(); @c = count(); @c = count(); @c = count(); @c = count();
	@a = avg(100);
	@a = avg(300);
	@sd = stddev(100);
	@sd = stddev(300);
	@q = quantize(1, 1000);
	@q = quantize(4, 500);
	normalize(@s, 100);
	normalize(@c, 2);
	normalize(@a, 10);
	normalize(@sd, 10);
	normalize(@q, 100);
	printa(@s);
	printa("%s %@d\n", @s);
	printa(@c);
	printa(@a);
	printa(@sd);
	printa(@q);
	printf("--\n");
	denormalize(@s);
	printa(@s);
	normalize(@s, 1000);
	printa(@s);
	exit(0);
}

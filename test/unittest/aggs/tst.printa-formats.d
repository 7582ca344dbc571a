/* @@nosort */
/* printa() formats: key conversions, %@ conversions of every function
   with widths, flags and unsigned and hexadecimal forms, text around
   them, and a distribution through %@d. */
#pragma D option quiet

BEGIN
{
	@c["a", 10] = count();
	@c["b", 20] = count();
	@c["b", 20] = count();
	@s["a", 10] = sum(-7);
	@s["b", 20] = sum(255);
	@mn["a", 10] = min(-3);
	@mx["a", 10] = max(3);
	@sd["a", 10] = stddev(1);
	@sd["a", 10] = stddev(3);
	@q["a", 10] = quantize(5);
	printa("[%s|%d] count=%@u\n", @c);
	printa("[%3s|%-4d] %@-5d|%@5x|%@#x\n", @s, @s, @s);
	printa("%s %d: min %@d max %@d sd %@d\n", @mn, @mx, @sd);
	printa("no keys shown %@d\n", @c);
	printa("%s %d%@d", @q);
	exit(0);
}

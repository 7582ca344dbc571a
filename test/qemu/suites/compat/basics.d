/*
 * The basics on an older kernel: variables, strings, aggregations (min(),
 * max() and stddev() by compare-and-exchange and fetch-and-add), a tick
 * and a system call probe.
 */
#pragma D option quiet
BEGIN
{
	self->t = 1;
	s = strjoin("gen", "trace");
	@q = quantize(5);
	@q = quantize(-3);
	@c["x"] = count();
	@c["y"] = count();
	@c["y"] = count();
	@mn = min(7); @mn = min(-9); @mn = min(2);
	@mx = max(5); @mx = max(-5); @mx = max(3);
	@sd = stddev(3); @sd = stddev(5); @sd = stddev(-4000000000);
	printf("%s %d %d %s\n", s, strlen(s), self->t, substr(s, 3));
}
syscall::getpid:entry
/pid == $pid/
{
	seen = 1;
}
tick-10ms
/n++ == 2/
{
	printf("ticked\n");
	exit(0);
}
END
{
	printa("%s %@d\n", @c);
	printa("min %@d max %@d stddev %@d\n", @mn, @mx, @sd);
}

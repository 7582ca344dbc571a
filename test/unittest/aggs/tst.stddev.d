/* @@nosort */
/* stddev(): the integer square root of the mean square less the square
   of the integer mean, in 128-bit arithmetic. */
#pragma D option quiet

BEGIN
{
	@sd["classic"] = stddev(2);
	@sd["classic"] = stddev(4);
	@sd["classic"] = stddev(4);
	@sd["classic"] = stddev(4);
	@sd["classic"] = stddev(5);
	@sd["classic"] = stddev(5);
	@sd["classic"] = stddev(7);
	@sd["classic"] = stddev(9);
	@sd["one"] = stddev(42);
	@sd["sym"] = stddev(-10);
	@sd["sym"] = stddev(10);
	@sd["far"] = stddev(1);
	@sd["far"] = stddev(1000000);
	@sd["huge"] = stddev(0x100000000);
	@sd["huge"] = stddev(-0x100000000);
	@sd["huge"] = stddev(0x300000000);
	exit(0);
}

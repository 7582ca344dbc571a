/*
 * chill() spins for the nanoseconds it is given. (timestamp is the time
 * of the firing, the same before and after; walltimestamp reads the
 * clock.)
 */
#pragma D option destructive
#pragma D option quiet
BEGIN
{
	t = walltimestamp;
	chill(50000000);
	printf("%s\n", walltimestamp - t >= 50000000 ? "chilled" : "too short");
	exit(0);
}

/* chill() spins for the nanoseconds it is given. */
#pragma D option destructive
#pragma D option quiet
BEGIN
{
	t = timestamp;
	chill(50000000);
	printf("%s\n", timestamp - t >= 50000000 ? "chilled" : "too short");
	exit(0);
}

/* profile-N samples on every CPU, arg0 or arg1 holds the PC; tick-N ends it. */
#pragma D option quiet
profile-199
{
	n++;
}
profile-199
/arg0 != 0 || arg1 != 0/
{
	pc = 1;
}
tick-1s
{
	exit(0);
}
END
{
	printf("sampled %d pc %d\n", n > 10, pc);
}

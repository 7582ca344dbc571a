/* tick-N fires at its rate: five ticks of 10ms, then END. */
#pragma D option quiet
tick-10ms
/++n == 5/
{
	printf("ticks %d\n", n);
	exit(0);
}
END
{
	printf("end %d\n", n);
}

/* BEGIN, END and exit() on arm64: the core of the tracer runs. */
#pragma D option quiet
BEGIN
{
	s = strjoin("arm", "64");
	printf("%s %d\n", s, strlen(s));
	exit(0);
}
END
{
	printf("end\n");
}

/* A quiet pragma in any program silences the notices of all. */
#pragma D option quiet
BEGIN
{
	printf("one\n");
}

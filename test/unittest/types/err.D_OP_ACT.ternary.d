BEGIN
{
	x = pid > 1 ? printf("big") : printf("small");
}

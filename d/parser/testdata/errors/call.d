BEGIN
{
	printf("%d\n", 1 /* ERROR D_SYNTAX "near \"2\"" */ 2);
}

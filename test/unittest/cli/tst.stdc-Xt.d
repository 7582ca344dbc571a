/*
 * -Xt preprocesses as ISO C, where __STDC__ is 1; -Xs alone (tst.stdc-Xs)
 * leaves it undefined.
 */
#pragma D option quiet
BEGIN
{
#ifdef __STDC__
	printf("__STDC__ %d\n", __STDC__);
#else
	printf("__STDC__ undefined\n");
#endif
	exit(0);
}

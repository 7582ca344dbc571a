/*
 * -Xs preprocesses as K&R C, where __STDC__ is not defined; the other -X
 * modes (tst.stdc-X[act]) are ISO C, where it is 1.
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

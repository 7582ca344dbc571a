/*
 * What the tst.stdc-X* cases preprocess, each with another -X mode (and -I.,
 * since the script reaches cpp on its standard input): whether __STDC__ is
 * defined there, and to what.
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

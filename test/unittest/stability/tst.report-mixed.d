/*
 * dtrace -v reports the least stability of a program's probe
 * descriptions and statements: dtrace:::BEGIN is Stable, curthread's
 * data is Private and htons() an Evolving name.  @@nosort
 */
#pragma D option quiet

dtrace:::BEGIN
{
	this->t = curthread;
	x = htons(1);
	printf("%d\n", x);
	exit(0);
}

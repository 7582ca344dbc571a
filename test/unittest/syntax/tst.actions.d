/* Data-recording actions and subroutines in statement position. */
#pragma D option quiet

BEGIN
{
	trace(1);
	trace("str");
	printf("%d %s %x %5.2d%%\n", 1, "a", 2, 3);
	printf("%*d\n", 5, 1);
	stack();
	ustack();
	ustack(5);
	ustack(5, 100);
	tracemem(curthread, 16);
	func(0);
	sym(0);
	mod(0);
	x = rand();
	y = progenyof($pid);
	z = copyinstr(arg0);
	exit(0);
}

END
{
	printf("done\n");
}

/* Subroutines with their prototypes. */
BEGIN
{
	trace(strlen("abc"));
	trace(substr("abcdef", 1));
	trace(substr("abcdef", 1, 2));
	trace(index("abc", "b"));
	trace(rindex("abc", "b", 1));
	trace(strchr("abc", 'b'));
	trace(strstr("abc", "bc"));
	trace(basename("/a/b"));
	trace(dirname("/a/b"));
	trace(cleanpath("/a/../b"));
	trace(lltostr(12));
	trace(htons(1));
	trace(ntohl(1));
	trace(rand());
	trace(progenyof(1));
	trace(copyinstr(arg0));
	trace(speculation());
	tracemem(curthread, 16);
	stack();
	ustack(5);
	trace(alloca(8));
	exit(0);
}

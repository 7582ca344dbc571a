/*
 * Kernel stacks as aggregation keys start at the probe site too, and
 * stack(n) has n frames from there.
 */
#pragma D option quiet
syscall::openat:entry
/pid == $target/
{
	@s[stack(2)] = count();
	@d[stackdepth, ustackdepth > 0] = count();
}
syscall::exit_group:entry
/pid == $target/
{
	exit(0);
}
END
{
	printa("%k\n", @s);
	printa("%d %d\n", @d);
}

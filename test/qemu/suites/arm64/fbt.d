/*
 * fbt on arm64's kernel: do_sys_openat2's entry, its first argument from
 * x0 (dfd, AT_FDCWD for the Go runtime's openat), and its return, of
 * dtrace -V run by -c.
 */
#pragma D option quiet
fbt::do_sys_openat2:entry
/pid == $target/
{
	atcwd = arg0 == -100;
}
fbt::do_sys_openat2:return
/pid == $target/
{
	ret = 1;
}
END
{
	printf("do_sys_openat2 %d %d\n", atcwd, ret);
}

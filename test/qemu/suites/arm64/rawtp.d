/* rawtp: the raw sys_enter tracepoint, whose second argument is the syscall number (x8). */
#pragma D option quiet
rawtp:::sys_enter
/pid == $target && arg1 == 56/
{
	openat = 1;
}
END
{
	printf("openat %d\n", openat);
}

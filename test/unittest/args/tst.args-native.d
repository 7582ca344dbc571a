/* args[] of a probe whose arguments are not translated are the native values. */
#pragma D option quiet
syscall::read:entry
/pid == $target && args[0] >= 0 && args[2] > 0/
{
	ok = 1;
}
END
{
	printf("%s\n", ok ? "ok" : "no");
}

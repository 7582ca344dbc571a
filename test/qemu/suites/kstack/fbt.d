/*
 * Kernel stacks of fbt probes start at the probed function, on each of
 * its backends: fentry and fexit (BPF trampolines) and kprobes (rawfbt).
 * The caller is the function's caller, and the depth counts from it.
 * dtrace's own threads call do_epoll_wait; the reader's returns within a
 * second (its switchrate deadline), so the run lasts longer than that.
 */
#pragma D option quiet
#pragma D option aggsortkey
fbt::do_epoll_wait:entry,
fbt::do_epoll_wait:return,
rawfbt::do_epoll_wait:entry
/pid == $pid/
{
	@[probeprov, probename, stackdepth, func(caller)] = count();
	@f[probeprov, probename, stack(1)] = count();
}
tick-100ms
/n++ == 15/
{
	exit(0);
}
END
{
	printa("%s %s %d %a\n", @);
	printa("%s %s %k\n", @f);
}

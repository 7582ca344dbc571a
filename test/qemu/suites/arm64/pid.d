/*
 * pid entry and return probes on a static Go program built for arm64: the
 * uprobe context is arm64's pt_regs, the arguments x0 and x1 (Go's
 * register ABI, as C's), the return value x0.
 */
#pragma D option quiet
pid$target:a.out:main.leaf:entry
{
	printf("entry %d %d %d\n", arg0, arg1, uregs[R_X0] == arg0);
}
pid$target:a.out:main.leaf:return
{
	printf("return %d\n", arg1);
}

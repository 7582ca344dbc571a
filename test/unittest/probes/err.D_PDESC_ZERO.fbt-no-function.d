/*
 * An fbt description of a function the kernel does not have matches no
 * probes, whether or not this kernel can attach fbt probes (the symbol
 * table says which functions exist).
 */
fbt::no_such_kernel_function:entry
{
	exit(0);
}

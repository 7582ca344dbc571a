/*
 * getmajor() and getminor() split the kernel's 32-bit dev_t: the upper
 * half of a 64-bit argument is no part of either.
 */
#pragma D option quiet
BEGIN
{
	printf("%x %x %x %x\n", getmajor(0xabcdef0123456789ll), getminor(0xabcdef0123456789ll),
	    getmajor(0x800003), getminor(0x800003));
	exit(0);
}

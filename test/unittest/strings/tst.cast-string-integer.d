/*
 * D casts any scalar to string: an integer, as a pointer, is the address
 * of the string's characters.
 */
#pragma D option quiet

BEGIN
{
	x = (string)(uintptr_t)curthread->comm;
	printf("%s %s\n", x, (string)(uint64_t)&curthread->comm[1]);
	exit(0);
}

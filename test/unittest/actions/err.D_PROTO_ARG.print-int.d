/*
 * print() takes a pointer, as DTrace's prototype says (void(void *)), and
 * shows what it points to: an integer is refused with the prototype's
 * words.
 */
#pragma D option quiet

BEGIN
{
	this->i = (int)-42;
	print(this->i);
	exit(0);
}

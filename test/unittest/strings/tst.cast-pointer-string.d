/* A string cast to a pointer is the address of its characters. */
#pragma D option quiet

BEGIN
{
	x = "abc";
	this->a = (char *)x;
	printf("%c %s\n", this->a[1], stringof((char *)execname));
	exit(0);
}

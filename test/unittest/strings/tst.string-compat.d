/*
 * A char array or pointer compares with a string, and casts to one, as
 * the string at its address.
 */
#pragma D option quiet
BEGIN
{
	p = &curthread->comm[0];
	printf("%d %d %d %d [%s] [%s]\n", curthread->comm == "dtrace", "dtrace" != curthread->comm,
	    curthread->comm < "e", p == "dtrace", (string)curthread->comm, (string)"abc");
	exit(0);
}

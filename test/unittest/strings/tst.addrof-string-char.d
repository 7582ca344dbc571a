/*
 * The address of a character of a string, &s[i], is s + i: the rest of the
 * string, wherever the string is (a variable, a built-in, a literal).
 */
#pragma D option quiet

BEGIN
{
	x = "abcdef";
	i = 2;
	printf("%s %s %c %s\n", stringof(&x[1]), (string)&execname[i], *&x[3], stringof(&"xyz"[1]));
	exit(0);
}

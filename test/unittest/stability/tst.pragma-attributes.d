/*
 * "#pragma D attributes" sets the stability of a global the program
 * declares; a statement that uses it takes it.  @@nosort
 */
#pragma D option quiet

inline int limit = 3;
#pragma D attributes Evolving/Unstable/ISA limit

dtrace:::BEGIN
{
	printf("%d\n", limit);
	exit(0);
}

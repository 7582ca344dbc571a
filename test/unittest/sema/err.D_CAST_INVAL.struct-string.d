struct pair {
	int a, b;
} p;

BEGIN
{
	trace((string)p);
}

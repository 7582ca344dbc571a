/* Braces instead of angle brackets define the output struct again. */
struct out { int a; };
translator struct out
{
	int v
}
{
	a = v;
};

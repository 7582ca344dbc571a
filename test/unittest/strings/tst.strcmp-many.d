/* Twenty string comparisons in one clause load and give the right order. */
#pragma D option quiet
BEGIN
{
	a = "apple";
	b = "apricot";
	c = "apple";
	n = 0;
	n += a < b; n += a <= b; n += b > a; n += b >= a; n += a == c;
	n += a != b; n += a <= c; n += a >= c; n += !(a > c); n += !(a < c);
	n += "" < a; n += a > ""; n += "ab" < "abc"; n += "b" > "abc"; n += a != "";
	n += b == "apricot"; n += "Z" < "a"; n += "a" != "A"; n += c >= a; n += b != c;
	printf("%d of 20\n", n);
	exit(0);
}

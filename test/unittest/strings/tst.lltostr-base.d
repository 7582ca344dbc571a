/*
 * lltostr() in bases 2 to 36: only base 10 has a sign, base 16 numbers
 * start with 0x and base 8 ones with 0, and strsize cuts the digits.
 */
#pragma D option quiet
BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", lltostr(255, 16), lltostr(0, 16), lltostr(8, 8), lltostr(0, 8));
	printf("[%s] [%s] [%s] [%s]\n", lltostr(5, 2), lltostr(0, 2), lltostr(35, 36), lltostr(-10, 10));
	printf("[%s]\n", lltostr(-1, 2));
	b = 16;
	printf("[%s] [%s] [%s]\n", lltostr(-1, b), lltostr(1295, b + 20), lltostr(-0x7fffffffffffffffLL - 1, b - 6));
	exit(0);
}

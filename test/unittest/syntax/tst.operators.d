/*
 * Every D operator, with C's precedence and associativity, and D's own
 * logical exclusive or (^^).
 */
BEGIN
{
	a = 10; b = 3;
	x = a + b - a * b / b % 4;
	x = -a + +b;
	x = a << 2 >> 1;
	x = a & b | a ^ b;
	x = ~a;
	x = a < b || a <= b && a > b ^^ a >= b;
	x = a == b || a != b;
	x = !a;
	x = a ? b : a ? 1 : 2;
	x = (a + b) * (a - b);
	x = a, y = b;
	a += 1; a -= 1; a *= 2; a /= 2; a %= 5;
	a &= 0xff; a |= 0x10; a ^= 0x01; a <<= 1; a >>= 1;
	a++; a--; ++a; --a;
	x = a++ + ++b;
	x = a - -b;
	x = (long)a + (unsigned int)b + (uint64_t)a;
	x = sizeof (int) + sizeof (char *) + sizeof a + sizeof (struct task_struct);
	x = 1 ? 2 : 3 ? 4 : 5;
	x = a / b / 2;
}

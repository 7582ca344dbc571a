/* C operators, conversions and constant folding. */
int arr[7 / 2 + 1];
BEGIN
{
	i = 1;
	j = i << 3 | 1 & ~0 ^ 2;
	k = (i > 0 ? i : -i) * 2 % 3;
	l = !i || i && i ^^ 0;
	p = (char *)0;
	q = p + 1;
	d = q - p;
	s = "a" == "b";
	t = execname != "foo";
	u = sizeof (int) + sizeof (arr) + sizeof (struct task_struct *);
	v = (unsigned char)258;
	arr[3] = 1;
	i++;
	--i;
	i += 2;
	j <<= 1;
	trace(stringof(i));
	exit(0);
}

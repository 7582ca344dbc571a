/* tracemem()'s size must be a positive constant; the third argument may vary. */
BEGIN
{
	n = 4;
	tracemem(curthread, n);
}

/* tracemem() takes a pointer or an integer address. */
BEGIN
{
	tracemem("abc", 3);
}

BEGIN
{
	p = curthread;
	p <<= 2;
}

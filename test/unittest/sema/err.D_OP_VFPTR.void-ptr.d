void *p;

BEGIN
{
	p += 1;
}

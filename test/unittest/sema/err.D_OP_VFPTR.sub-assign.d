int x;

BEGIN
{
	x -= (void *)alloca(4);
}

BEGIN
{
	s = (string)alloca(10);
	bcopy(probename, s, 5);
}

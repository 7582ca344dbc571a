BEGIN
{
	copyout("buffer", "address", 4);
}

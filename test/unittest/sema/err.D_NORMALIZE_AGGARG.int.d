BEGIN
{
	denormalize(3);
}

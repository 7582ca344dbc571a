BEGIN
{
	n = sizeof (args);
}

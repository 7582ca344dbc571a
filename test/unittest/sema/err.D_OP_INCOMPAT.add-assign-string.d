BEGIN
{
	s = "a";
	s += "b";
}

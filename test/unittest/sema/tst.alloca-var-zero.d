/* A literal 0 clears a variable of either kind without clashing, and a
   string copies by value, so it neither taints nor clashes. */
BEGIN
{
	p = (char *)alloca(4);
	p = 0;
	s = (string)alloca(8);
	s = "abc";
}

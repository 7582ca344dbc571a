/* Integer, character and string constants in every form D accepts. */
BEGIN
{
	i = 0;
	i = 123;
	i = 0777;
	i = 0x7fffffff;
	i = 0XABCDEF;
	i = 10u;
	i = 10U;
	i = 10l;
	i = 10ul;
	i = 10UL;
	i = 10ll;
	i = 10ull;
	i = 0xffffffffffffffffULL;
	c = 'a';
	c = '\n';
	c = '\t';
	c = '\0';
	c = '\\';
	c = '\'';
	c = '\101';
	c = '\x41';
	c = 'ab';
	s = "";
	s = "hello, world";
	s = "tab\tnewline\nquote\"backslash\\";
	s = "\101\x42\a\b\f\r\v\?";
}

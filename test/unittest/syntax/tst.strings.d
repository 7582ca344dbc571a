/* The string type: literals, comparison, and the string functions. */
string gs;

BEGIN
{
	gs = "text";
	s = strjoin(gs, "more");
	n = strlen(s);
	b = s == "textmore" && s != "x" && s < "z" && s >= "a";
	t = substr(s, 1, 3);
	i = index(s, "m");
	w = strtok("a,b", ",");
}

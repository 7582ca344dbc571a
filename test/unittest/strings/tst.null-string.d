/*
 * NULL strings: a string variable takes NULL and compares equal to it, an
 * unset thread-local or associative array string is NULL, strchr() and
 * strstr() give NULL when they find nothing, and NULL compares below
 * any other string.
 */
#pragma D option quiet
string g;
string a[int];
BEGIN
{
	g = "x";
	g = NULL;
	this->l = strchr("abc", 'z');
	self->t = strstr("abc", "zz");
	printf("%d %d %d %d\n", g == NULL, this->l == NULL, self->t == NULL, a[1] == NULL);
	printf("%d %d %d\n", g == this->l, NULL < "", "" > 0);
	g = "back";
	a[1] = "";
	printf("%s %d [%s]\n", g, g != NULL, a[1]);
	exit(0);
}

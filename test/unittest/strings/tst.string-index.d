/*
 * A string indexes as an array of its characters and offsets as a pointer
 * to them, whatever variable holds it.
 */
#pragma D option quiet
string a[int];
BEGIN
{
	g = "ABCDEFG";
	this->l = "hijk";
	self->t = "lmnop";
	a[7] = "qrstu";
	printf("%c %c %c %c %c\n", "hello"[1], g[0], this->l[3], self->t[2], a[7][4]);
	printf("%s %s %s %d\n", g + 2, 1 + this->l, (self->t + 3) - 1, sizeof(g[1]));
	exit(0);
}

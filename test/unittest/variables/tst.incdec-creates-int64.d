/*
 * ++ and -- applied to a variable not yet declared or assigned create it
 * as an int64_t holding 0, whatever its scope: a later 64-bit value fits,
 * and trace() prints it in the 64-bit width.
 */

BEGIN
{
	g++;
	--this->c;
	self->t++;
	arr["k"]--;
	printf("%d %d %d %d\n", sizeof(g), sizeof(this->c), sizeof(self->t),
	    sizeof(arr["k"]));
	g = 0x100000000;
	printf("%d %d %d %d\n", g, this->c, self->t, arr["k"]);
}

BEGIN
{
	trace(n++);
	exit(0);
}

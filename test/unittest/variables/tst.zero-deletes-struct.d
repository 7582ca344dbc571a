/*
 * Assigning 0 to a thread-local or an associative array element of
 * struct or union type deletes it, as for any dynamic variable: it then
 * reads as zeroes.
 * @@nosort
 */
#pragma D option quiet

this struct {
	int a;
	int b;
} v;

BEGIN
{
	this->v.a = 3; this->v.b = 4;
	self->s = this->v;
	arr["k"] = this->v;
	printf("%d %d %d\n", self->s.a, self->s.b, arr["k"].b);
	self->s = 0;
	arr["k"] = 0;
	printf("%d %d %d\n", self->s.a, self->s.b, arr["k"].b);
	exit(0);
}

/* A declaration without a type declares an int. */
extern e9;
self hits;
this scratch;
unsigned width;
short reg_t;
BEGIN
{
	self->hits = 1;
	this->scratch = self->hits + 1;
	width = sizeof (self->hits) + sizeof (width) + sizeof (reg_t);
}

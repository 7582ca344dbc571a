/* Speculative tracing: speculation(), speculate(), commit() and discard(). */
BEGIN
{
	self->spec = speculation();
}

BEGIN
/self->spec/
{
	speculate(self->spec);
	printf("speculative\n");
}

END
/self->spec/
{
	commit(self->spec);
	self->spec = 0;
}

END
/self->spec != 0/
{
	discard(self->spec);
}

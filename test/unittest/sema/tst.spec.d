/* Speculations in their own clauses. */
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
BEGIN
{
	commit(self->spec);
}
END
{
	discard(self->spec);
}

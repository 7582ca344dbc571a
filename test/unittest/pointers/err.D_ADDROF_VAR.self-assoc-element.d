/* Nor has an element of a thread-local associative array. */
BEGIN
{
	self->x["a"] = 2;
	trace(&self->x["a"]);
}

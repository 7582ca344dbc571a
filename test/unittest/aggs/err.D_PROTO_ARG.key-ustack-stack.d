/*
 * stack() and ustack() both give a stack, but one key of an aggregation
 * holds one kind: a kernel stack where the first assignment put a user
 * stack would be read as one.
 */
BEGIN
{
	@a[ustack()] = count();
}

END
{
	@a[stack()] = count();
}

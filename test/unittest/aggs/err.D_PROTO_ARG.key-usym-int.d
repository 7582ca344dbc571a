/*
 * A user address key is recorded with its process: an integer is not,
 * though usym()'s type is an integer's.
 */
BEGIN
{
	@a[usym(arg0)] = count();
	@a[arg0] = count();
}

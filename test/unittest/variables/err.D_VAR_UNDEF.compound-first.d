/*
 * A compound assignment reads its variable first: on a variable that no
 * declaration or assignment has typed yet it is an error, where ++ would
 * have created the variable as an int64_t.
 */
BEGIN
{
	total += 10;
	exit(0);
}

/*
 * An inline array takes as many arguments as it has parameters.
 */
BEGIN
{
	trace(fds[0, 1].fi_name);
}

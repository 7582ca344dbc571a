/* ustack() takes at most two arguments, frames and string size. */
BEGIN
{
	ustack(1, 10, "badarg");
}

/*
 * Probe descriptions: one to four fields, globs, several to a clause,
 * predicates with and without actions, and the profile provider's names.
 */
BEGIN
{
}

:::END
{
}

syscall::read:entry,
syscall::write:entry
{
}

syscall::open*:entry,syscall::[rw]ead:return , syscall::?rite:entry
/arg0 != 0/
{
}

syscall:vmlinux:read:entry
{
}

syscall:::entry
/pid == $pid && arg0 / 2 > 1/
{
}

profile-97
{
}

profile:::tick-1s
{
}

syscall::*read*:entry
/execname == "dtrace"/
{
	x = 1
}

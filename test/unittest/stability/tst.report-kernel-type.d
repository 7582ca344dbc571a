/*
 * A description whose provider is a pattern is Unstable; a cast to a
 * kernel type gives the type's Private/Private/Unknown; args[] take the
 * provider's argument attributes (syscall: Private/Private/ISA), which
 * here are not below the cast's.  @@nosort
 */
#pragma D option quiet

sys*::read:entry
/args[0] == -1 && (struct task_struct *)arg1 != NULL/
{
	trace(probefunc);
}

BEGIN
{
	exit(0);
}

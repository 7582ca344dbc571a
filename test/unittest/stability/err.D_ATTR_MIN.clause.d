/*
 * With amin, a probe description below the minimum fails its clause.
 */
#pragma D option amin=Evolving/Evolving/Common

syscall::read:entry
{
	exit(0);
}

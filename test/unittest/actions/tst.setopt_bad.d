/*
 * setopt() of an option that does not exist, of a value the option does
 * not take, or of an option only set before tracing is reported as an
 * error of the clause, which goes on; a good one takes effect.
 */
#pragma D option quiet

BEGIN
{
	setopt("nosuchopt");
	setopt("quiet", "perhaps");
	setopt("bufsize", "2m");
	setopt("quiet", "0");
	exit(0);
}

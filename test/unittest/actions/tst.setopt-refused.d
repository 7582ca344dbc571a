/* setopt() of an unknown option, of a value the option does not take, or
   of an option fixed once tracing has started is reported, a blank line
   after, and the clause goes on. */
#pragma D option quiet

BEGIN
{
	setopt("nosuchoption");
	setopt("quiet", "perhaps");
	setopt("dynvarsize", "2m");
	setopt("aggsortrev");
	printf("done\n");
	exit(0);
}

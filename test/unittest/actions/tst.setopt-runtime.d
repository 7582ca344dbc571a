/*
 * setopt() of strings known only at run time: the clause records them and
 * the consumer applies the option as it applies a constant one, reporting
 * a bad one.
 */
#pragma D option quiet

BEGIN
{
	@[1] = sum(10);
	@[2] = sum(20);
	printa("%d %@d\n", @);
	x = "aggsortrev";
	setopt(x);
	printa("%d %@d\n", @);
	setopt(strjoin("no", "such"), probename);
	exit(0);
}

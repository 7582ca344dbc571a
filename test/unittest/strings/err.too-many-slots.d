/* An expression that needs more string scratch slots than there are. */
#pragma D option quiet
BEGIN
{
	trace(strjoin("a", strjoin("b", strjoin("c", strjoin("d", strjoin("e",
	    strjoin("f", strjoin("g", strjoin("h", strjoin("i", "j"))))))))));
	exit(0);
}

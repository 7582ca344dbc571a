/*
 * An expression that needs more string scratch slots than the default
 * number: the program is laid out with as many as it needs.
 */
#pragma D option quiet
BEGIN
{
	trace(strjoin("a", strjoin("b", strjoin("c", strjoin("d", strjoin("e",
	    strjoin("f", strjoin("g", strjoin("h", strjoin("i", strjoin("j",
	    strjoin("k", strjoin("l", "m")))))))))))));
	printf("\n");
	exit(0);
}

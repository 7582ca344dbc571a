/* Fails to parse at line 6 of this file. */

END
{
	trace(1);
	trace(2 +);
}

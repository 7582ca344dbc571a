/* A string may be made of any pointer, here alloca() memory that bcopy()
   filled from a string. */
#pragma D option quiet

BEGIN
{
	this->s = alloca(8);
	bcopy(probename, this->s, 6);
	printf("'%s'\n", (string)this->s);
	exit(0);
}

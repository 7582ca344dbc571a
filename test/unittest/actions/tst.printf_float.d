/*
 * D carries float and double values it cannot compute with, and printf()
 * prints them with %e, %E, %f, %g and %G, with widths and precisions:
 * zero-initialised globals, and values whose bits are written into
 * alloca() memory. trace() prints them as %g does.
 */
#pragma D option quiet

float f;
double d;

BEGIN
{
	printf("%e %E %f %g %G\n", d, d, d, d, f);
	this->dp = (double *)alloca(sizeof (double));
	*(uint64_t *)this->dp = 0xc05edd2f1a9fbe77;	/* -123.456 */
	printf("%e|%12.2f|%-10.4g|%G\n", *this->dp, *this->dp, *this->dp, *this->dp);
	this->fp = (float *)alloca(sizeof (float));
	*(uint32_t *)this->fp = 0x40490fdb;		/* pi */
	printf("%.3f %e\n", *this->fp, this->fp[0]);
	x = *this->dp;
	trace(x);
	printf("\n");
	exit(0);
}

/*
 * inet_ntop() with an address family known only at run time converts
 * as AF_INET6 for AF_INET6 and as AF_INET for any other family, as
 * DTrace does, in a value and traced alike.
 */
#pragma D option quiet

BEGIN
{
	this->a = (uint8_t *)alloca(16);
	this->a[0] = 10;
	this->a[1] = 1;
	this->a[2] = 2;
	this->a[3] = 3;
	this->a[15] = 9;
	fam[0] = AF_INET;
	fam[1] = AF_INET6;
	fam[2] = 99;
	this->s = inet_ntop(fam[0], this->a);
	printf("%s\n", this->s);
	this->s = inet_ntop(fam[1], this->a);
	printf("%s\n", this->s);
	trace(inet_ntop(fam[2], this->a));
	printf("\n%s\n", inet_ntop(fam[1], this->a) == "a01:203::9" ? "equal" : "differ");
	exit(0);
}

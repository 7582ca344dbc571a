/* @@nosort */
#pragma D option quiet

BEGIN
{
	this->i = (int)-42;
	print(this->i);
	exit(0);
}

/*
 * print() of a pointer to a translated struct shows every member the
 * translator defines, in the struct's layout, members it does not define
 * left zero; print() takes a pointer, as DTrace's prototype says
 * (void(void *)), so a translated struct is printed through one.
 * @@nosort
 */
#pragma D option quiet

struct out {
	int	twice;
	char	name[8];
	string	s;
	long	none;
	short	neg;
};

translator struct out < int I > {
	twice = I * 2;
	name = "abc";
	s = I == 21 ? "ex" : "other";
	neg = -I;
};

BEGIN
{
	print(xlate<struct out *>(21));
	print(xlate<struct out *>(4));
	printf("%d %s %s %d\n", xlate<struct out *>(21)->twice, xlate<struct out>(21).name,
	    xlate<struct out>(20).s, xlate<struct out>(21).neg);
	trace(xlate<struct out>(21).name);
	printf("\n");
	exit(0);
}

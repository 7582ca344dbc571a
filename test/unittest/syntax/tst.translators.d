/* Translator definitions and xlate expressions. */
struct mypoint {
	int mx;
	int my;
};

struct src {
	int a;
	int b;
};

translator struct mypoint < struct src *S > {
	mx = S->a;
	my = S->b * 2;
};

translator struct mypoint < int I > {
	mx = I;
	my = -I;
};

BEGIN
{
	x = xlate<struct mypoint>(3).mx;
	y = xlate<struct mypoint *>((struct src *)arg0)->my;
	p = curpsinfo->pr_pid;
}

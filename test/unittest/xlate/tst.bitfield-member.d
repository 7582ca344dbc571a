/*
 * A translator may give a bit-field member a value: the translated struct
 * holds it in its bits, cut to its width.
 */
#pragma D option quiet
struct s { int a:3; unsigned b:5; int c; };
translator struct s < struct task_struct *T > { a = -2; b = 37; c = 1234; };
BEGIN
{
	this->y = xlate<struct s *>(curthread);
	printf("%d %d %d\n", this->y->a, this->y->b, this->y->c);
	exit(0);
}

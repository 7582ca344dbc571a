/*
 * A translator may give an array member a pointer: the member takes the
 * bytes it points to, as many as it has.
 */
#pragma D option quiet

struct s { uint8_t b[4]; char name[8]; };
translator struct s < struct task_struct *T > { b = (uint8_t *)T->comm; name = T->comm; };

BEGIN
{
	this->y = xlate<struct s *>(curthread);
	printf("%c%c%c%c %s\n", this->y->b[0], this->y->b[1], this->y->b[2], this->y->b[3], this->y->name);
	printf("%c\n", xlate<struct s>(curthread).b[1]);
	exit(0);
}

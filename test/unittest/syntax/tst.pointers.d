/* Pointers and arrays: declarators, dereference, address-of, casts, arithmetic. */
int iarr[4];
int *ip;
char **cpp;
int (*arrp)[4];
const char *const ccp;
volatile int vi;

BEGIN
{
	iarr[0] = 1;
	iarr[3] = iarr[0] + 1;
	x = (int *)arg0;
	y = (char *)0 + 1;
	z = *(int *)&iarr[0];
	p = &curthread->pid;
	q = *p;
	r = (uintptr_t)curthread;
	s = ((struct task_struct *)curthread)->tgid;
	t = stringof(curthread->comm);
}

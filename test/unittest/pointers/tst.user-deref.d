/*
 * A pointer to the process's memory can be followed without copyin(): a
 * load at a user address that kernel memory cannot satisfy reads the
 * process's memory, as DTrace's loads do on x86. Here: the environment
 * of dtrace itself, through a struct declared in the D scope.
 */
#pragma D option quiet

typedef struct envp3 {
	uint64_t e1;
	uint64_t e2;
	uint64_t e3;
} envp3_t;

BEGIN
{
	e = (D`envp3_t *)curpsinfo->pr_envp;
	printf("%d\n", e->e1 == *(uint64_t *)copyin(curpsinfo->pr_envp, 8));
	printf("%d\n", e->e3 == *(uint64_t *)copyin(curpsinfo->pr_envp + 16, 8));
	printf("%d\n", *(char *)e->e1 == *(char *)copyin(e->e1, 1));
	printf("%d\n", strlen(copyinstr(e->e2)) > 0);
	exit(0);
}

ERROR
{
	exit(1);
}

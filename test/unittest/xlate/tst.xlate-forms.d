/*
 * Every form of a translation reads the same member: xlate<T>(x).m,
 * xlate<T *>(x)->m, the inline curpsinfo, (*p).m, and elements of an
 * array member.
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", xlate<psinfo_t>(curthread).pr_pid == pid);
	printf("%d\n", xlate<psinfo_t *>(curthread)->pr_pid == pid);
	printf("%d\n", (*curpsinfo).pr_pid == pid);
	printf("%d\n", (*xlate<lwpsinfo_t *>(curthread)).pr_lwpid == tid);
	printf("%c%c\n", curpsinfo->pr_fname[0], xlate<psinfo_t>(curthread).pr_psargs[1]);
	printf("%s\n", stringof(curpsinfo->pr_fname));
	printf("%d\n", curpsinfo != NULL);
	exit(0);
}

/*
 * curpsinfo and curlwpsinfo translate the running thread: each member
 * agrees with the built-in variable that says the same.
 */
#pragma D option quiet

BEGIN
{
	printf("pr_pid %d\n", curpsinfo->pr_pid == pid);
	printf("pr_ppid %d\n", curpsinfo->pr_ppid == ppid);
	printf("pr_uid %d\n", curpsinfo->pr_uid == uid);
	printf("pr_gid %d\n", curpsinfo->pr_gid == gid);
	printf("pr_fname %s\n", curpsinfo->pr_fname);
	printf("pr_addr %d\n", curpsinfo->pr_addr == (uintptr_t)curthread);
	printf("pr_dmodel %d\n", curpsinfo->pr_dmodel);
	printf("pr_lwpid %d\n", curlwpsinfo->pr_lwpid == tid);
	printf("pr_name %s\n", curlwpsinfo->pr_name);
	printf("pr_sname %c\n", curlwpsinfo->pr_sname);
	printf("pr_onpro %d\n", curlwpsinfo->pr_onpro == cpu);
	exit(0);
}

/*
 * A translated struct used whole is built member by member: assigned to
 * a global, a clause-local and a thread-local, it holds what the members
 * read one at a time. pr_psargs holds the arguments of the process the
 * probe fires in (BEGIN fires in dtrace).
 */
#pragma D option quiet

psinfo_t p;

BEGIN
{
	p = *curpsinfo;
	this->l = *curlwpsinfo;
	self->p = xlate<psinfo_t>(curthread);
	printf("%d %s %d\n", p.pr_pid == pid, p.pr_fname, index(p.pr_psargs, "-s ") > 0);
	printf("%d %c\n", this->l.pr_lwpid == tid, this->l.pr_sname);
	printf("%d %s\n", self->p.pr_ppid == ppid, self->p.pr_fname);
	trace(basename(strtok(curpsinfo->pr_psargs, " ")));
	printf("\n");
	exit(0);
}

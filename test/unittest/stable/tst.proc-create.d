/*
 * proc's translated arguments on a fork and exec the test starts: the
 * shell forks one child that execs /bin/true and exits (the exit
 * builtin after it keeps the shell from exec-ing it itself).
 */
#pragma D option quiet

proc:::create
/pid == $target/
{
	printf("create %s ppid %d pid %d\n", args[0]->pr_fname, args[0]->pr_ppid == $target,
	    args[0]->pr_pid != $target);
}

proc:::lwp-create
/pid == $target/
{
	printf("lwp-create %d %d\n", args[0]->pr_lwpid == args[1]->pr_pid, args[1]->pr_ppid == $target);
}

proc:::exec
/ppid == $target/
{
	printf("exec %s\n", args[0]);
}

proc:::exec-success
/ppid == $target/
{
	printf("exec-success %s %s\n", execname, curpsinfo->pr_psargs);
}

proc:::exit
/ppid == $target/
{
	printf("exit %d %d\n", args[0], curpsinfo->pr_ppid == $target);
}

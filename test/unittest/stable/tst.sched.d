/*
 * sched's translated arguments around a sleep the test starts: the
 * sleeping process goes off CPU (args[] is the thread that runs next),
 * sleeps (in state S), and is woken (args[] is the woken thread). Each
 * reports once.
 */
#pragma D option quiet

int off, slept, woken;

sched:::off-cpu
/pid == $target && !off/
{
	off = 1;
	printf("off-cpu %d %d %d\n", args[0]->pr_lwpid != tid, args[1]->pr_pid != $target,
	    curlwpsinfo->pr_lwpid == tid);
}

sched:::sleep
/pid == $target && !slept/
{
	slept = 1;
	printf("sleep %s %c %d\n", curpsinfo->pr_fname, curlwpsinfo->pr_sname,
	    curlwpsinfo->pr_state == SSLEEP);
}

sched:::wakeup
/args[1]->pr_pid == $target && !woken/
{
	woken = 1;
	printf("wakeup %s %d %d\n", args[1]->pr_fname, args[0]->pr_lwpid == $target, args[1]->pr_ppid == $pid);
}


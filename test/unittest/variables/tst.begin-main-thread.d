/*
 * BEGIN and END fire in dtrace's main thread: the thread ID is the
 * process ID, and curthread is the thread group leader.
 */
#pragma D option quiet

self struct task_struct t;

BEGIN
{
	self->t = *curthread;
	printf("%d %d %d\n", tid == pid, self->t.pid == pid,
	    curthread->thread_pid->numbers[0].nr == pid);
	exit(0);
}

END
{
	printf("%d %d\n", tid == pid, curthread->group_leader == curthread);
}

#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", curthread->pid == tid, curthread->tgid == pid, stringof(curthread->comm) == execname);
	printf("%d\n", curthread->real_parent->tgid == ppid);
	exit(0);
}

/* Module-scoped kernel type names, sizeof and offsetof of kernel types. */
BEGIN
{
	t = (struct vmlinux`task_struct *)curthread;
	trace(t->pid);
	trace(sizeof (struct task_struct));
	trace(offsetof(struct task_struct, pid));
	trace(sizeof (vmlinux`pid_t));
	trace(((struct task_struct *)arg0)->comm);
	exit(0);
}

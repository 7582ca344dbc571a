/* The address of kernel memory: members and elements reached through pointers. */
#pragma D option quiet
BEGIN
{
	printf("%d\n", (uintptr_t)&curthread->pid - (uintptr_t)curthread == offsetof(struct task_struct, pid));
	printf("%d\n", (uintptr_t)&curthread->comm[2] - (uintptr_t)&curthread->comm[0]);
	printf("%d\n", *&curthread->pid == tid);
	printf("%d\n", (uintptr_t)&curthread->se.sum_exec_runtime - (uintptr_t)&curthread->se == offsetof(struct sched_entity, sum_exec_runtime));
	exit(0);
}

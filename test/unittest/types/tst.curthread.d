/* Kernel types from BTF through curthread. */
syscall::openat:entry
{
	trace(curthread->real_parent->comm);
	trace(curthread->pid);
	trace(curthread->real_parent->real_parent->tgid);
	trace(stringof(curthread->comm));
	printf("%s %d\n", curthread->comm, curthread->pid);
}

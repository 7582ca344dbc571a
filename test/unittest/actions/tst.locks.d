/* The lock subroutines on locks nobody holds, and on a bad address. */
#pragma D option quiet
BEGIN
{
	m = &curthread->signal->cred_guard_mutex;
	printf("mutex_owned %d\n", mutex_owned(m));
	printf("mutex_owner %p\n", (uintptr_t)mutex_owner(m));
	printf("mutex_type_adaptive %d\n", mutex_type_adaptive(m));
	printf("mutex_type_spin %d\n", mutex_type_spin(m));
	l = &curthread->nsproxy->net_ns->ipv6.fib6_walker_lock;
	printf("rw_read_held %d\n", rw_read_held(l));
	printf("rw_write_held %d\n", rw_write_held(l));
	printf("rw_iswriter %d\n", rw_iswriter(l));
	exit(0);
}

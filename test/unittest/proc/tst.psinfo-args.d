/*
 * curpsinfo's pr_argc, pr_argv and pr_envp come from the initial stack
 * of the process the probe fires in: the argument count, the argument
 * vector (NULL-terminated) and the environment vector after it.
 * pr_ttydev is the controlling terminal, or -1 without one: never NULL.
 * The Solaris ids Linux lacks are 0.
 */
#pragma D option quiet

syscall::exit_group:entry
/pid == $target/
{
	this->argv = (uintptr_t *)copyin(curpsinfo->pr_argv, 5 * sizeof (uintptr_t));
	printf("argc %d\n", curpsinfo->pr_argc);
	printf("argv %s %s %s %s %d\n", copyinstr(this->argv[0]),
	    copyinstr(this->argv[1]), copyinstr(this->argv[2]),
	    copyinstr(this->argv[3]), this->argv[4] == 0);
	printf("envp %d\n", curpsinfo->pr_envp ==
	    curpsinfo->pr_argv + (curpsinfo->pr_argc + 1) * sizeof (uintptr_t));
	printf("env0 %d\n", strlen(copyinstr(*(uintptr_t *)copyin(curpsinfo->pr_envp, 8))) > 0);
	printf("tty %d\n", curpsinfo->pr_ttydev != NULL);
	printf("ids %d %d %d %d %d\n", curpsinfo->pr_taskid, curpsinfo->pr_projid,
	    curpsinfo->pr_poolid, curpsinfo->pr_zoneid, curpsinfo->pr_contract);
	exit(0);
}

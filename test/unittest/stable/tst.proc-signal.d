/*
 * proc's signal probes on signals the test's shell sends itself: one it
 * catches (send, then handle), one it ignores (discard).
 */
#pragma D option quiet

proc:::signal-send
/pid == $target && args[2] != SIGCHLD/
{
	printf("send %d to %s %d %d\n", args[2], args[1]->pr_fname, args[1]->pr_pid == $target,
	    args[0]->pr_lwpid == $target);
}

proc:::signal-discard
/pid == $target/
{
	printf("discard %d to %s %d\n", args[2], args[1]->pr_fname, args[0]->pr_lwpid == tid);
}

proc:::signal-handle
/pid == $target/
{
	printf("handle %d %d\n", args[0], args[2] != NULL);
}

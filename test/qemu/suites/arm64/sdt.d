/* sdt: a tracepoint with typed arguments, sched_process_exit of dtrace's -c child. */
#pragma D option quiet
sdt:::sched_process_exit
/pid == $target/
{
	seen = 1;
}
END
{
	printf("exit %d\n", seen);
}

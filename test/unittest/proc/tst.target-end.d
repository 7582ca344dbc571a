/* END runs when the target exits, and sees what the clauses recorded. */
#pragma D option quiet
syscall::exit_group:entry
/pid == $target/
{
	status = arg0;
}
END
{
	printf("exit_group(%d)\n", status);
}

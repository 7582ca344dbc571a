/* With two -c, $target is the last process created; the run ends when both have exited. */
#pragma D option quiet
syscall::write:entry
/pid == $target/
{
	@writes[execname] = count();
}

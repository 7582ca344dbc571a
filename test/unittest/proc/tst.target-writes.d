/*
 * -c starts the command stopped and lets it run only once tracing is
 * active: its one write(2) is counted. Quiet, so no notices.
 */
#pragma D option quiet
syscall::write:entry
/pid == $target/
{
	@writes = count();
}

/* -xevaltime=main stops the command at main: its write is still traced. */
#pragma D option quiet
syscall::write:entry
/pid == $target/
{
	printf("write %d\n", arg2);
}

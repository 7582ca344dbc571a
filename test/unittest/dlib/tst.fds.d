/*
 * fds[] translates the current process's open file descriptors: stdin
 * is /dev/null here; a descriptor that is not open, or out of range, is
 * "<none>" in every member.
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s %d\n", fds[0].fi_name, fds[0].fi_dirname,
	    fds[0].fi_pathname, fds[0].fi_fs, fds[0].fi_oflags & O_ACCMODE);
	printf("%s %s %d\n", fds[-1].fi_name, fds[1 << 20].fi_pathname,
	    fds[-1].fi_offset);
	exit(0);
}

/*
 * The system call tracepoints are the syscall provider's probes: sdt does
 * not list them, so a pattern over their group matches nothing (an exact
 * name, sdt:syscalls::sys_enter_read, still finds one).
 */
sdt:syscalls::sys_enter_*
{
}

dtrace: Oracle D 2.0
openat 1 1
write 1 1
regs 1 1
exit_group 1


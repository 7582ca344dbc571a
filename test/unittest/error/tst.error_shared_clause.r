
ERROR 0 1
entry 1 0

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 19 (syscall:vmlinux:write:entry): invalid address (0x0) at BPF pc 26

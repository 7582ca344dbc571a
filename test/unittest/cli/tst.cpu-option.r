BEGIN on 0
END on 0
profile on 0
syscall on 0


dtrace: Oracle D 2.0
do_sys_openat2 1 1


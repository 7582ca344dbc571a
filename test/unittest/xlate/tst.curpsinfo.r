pr_pid 1
pr_ppid 1
pr_uid 1
pr_gid 1
pr_fname dtrace
pr_addr 1
pr_dmodel 2
pr_lwpid 1
pr_name dtrace
pr_sname R
pr_onpro 1


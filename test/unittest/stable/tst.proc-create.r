create sh ppid 1 pid 1
lwp-create 1 1
exec /bin/true
exec-success true /bin/true
exit 1 1


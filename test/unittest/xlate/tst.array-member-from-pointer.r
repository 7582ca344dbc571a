dtra dtrace
t


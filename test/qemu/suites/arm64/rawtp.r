dtrace: Oracle D 2.0
openat 1


1 dtrace 1
1 R
1 dtrace
dtrace


1 dtrace dtrace
1 R
1 dtrace
dtrace


1
1
1
1
dt
dtrace
1


blocked 1, all with a lock and a time 1


b dtrace


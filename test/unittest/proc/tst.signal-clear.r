signal-clear: signal 10


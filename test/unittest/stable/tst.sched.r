wakeup sleep 1 1
off-cpu 1 1 1
sleep sleep S 1


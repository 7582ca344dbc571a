enqueue 1 1
dequeue 1
on-cpu 1
tick 1
switch 1


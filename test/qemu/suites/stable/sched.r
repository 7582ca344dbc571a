on-cpu 1
tick 1


send 10 to sh 1 1
handle 10 1
discard 12 to sh 1


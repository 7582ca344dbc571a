sh 1


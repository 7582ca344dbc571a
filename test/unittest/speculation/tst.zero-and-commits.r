second
first 0
n 0


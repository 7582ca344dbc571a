direct
first 1
second two
tick


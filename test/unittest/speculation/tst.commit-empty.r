id 1
after


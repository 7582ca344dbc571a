before
hello 42 there
after


600 clauses ran at least, 600 at most; the probe was the same in each: 1


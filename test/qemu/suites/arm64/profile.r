sampled 1 pc 1


int counts[int, void];

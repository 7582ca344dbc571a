int counts[string, ...];

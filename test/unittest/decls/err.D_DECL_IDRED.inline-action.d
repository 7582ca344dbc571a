inline int trace = 1;

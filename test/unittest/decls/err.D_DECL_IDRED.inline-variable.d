int total;
inline int total = 3;

char buf[1ULL << 33];

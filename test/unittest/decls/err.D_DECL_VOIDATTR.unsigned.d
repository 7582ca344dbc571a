unsigned void *p;

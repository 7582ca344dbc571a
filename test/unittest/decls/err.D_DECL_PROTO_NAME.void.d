extern int f(void x);

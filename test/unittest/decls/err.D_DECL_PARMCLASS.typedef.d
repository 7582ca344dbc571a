extern int f(typedef int);

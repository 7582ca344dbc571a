extern int f(char *, void);

extern unsigned long;

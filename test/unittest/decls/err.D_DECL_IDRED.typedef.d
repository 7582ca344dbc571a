typedef unsigned long my_size_t;
typedef long my_size_t;

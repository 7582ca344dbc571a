/* Included by the -C cases: three lines. */
#define FROM_INCLUDE 1
#define TWICE(x) ((x) * 2)

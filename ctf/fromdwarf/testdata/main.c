#include "shared.h"
struct device shared_dev = { .name = "main" };
struct main_only { int m; struct device *dev; };
struct main_only mo;
static struct { short a; } anon_static = { 1 };
int variadic(const char *fmt, ...) { return fmt[0]; }
int main(void) { return anon_static.a + mo.m + variadic("x"); }

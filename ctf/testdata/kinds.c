/* Every CTF kind gcc -gctf emits, for the toolchain tests. */
#include <stdarg.h>
typedef unsigned long ulong_t;
enum color { RED, GREEN = 5, BLUE = -3 };
struct node;
typedef struct node *nodep;
struct node {
	int key;
	unsigned flag : 1;
	unsigned mode : 3;
	nodep next;
	const char *name;
	volatile long counter;
	char *restrict buf;
	double weights[3][4];
	union { int i; float f; } u;
	struct { short a, b; } pair;
	enum color c;
	int (*cmp)(const struct node *, const struct node *);
	long double ld;
	_Complex double z;
	_Bool b;
	char tail[];
};
struct big { char space[1 << 20]; int after; };
struct opaque;
struct node root;
struct big bigone;
struct opaque *hidden;
ulong_t counter;
const int limit = 7;
int sum(int n, ...) { va_list ap; va_start(ap, n); int s = va_arg(ap, int); va_end(ap); return s + n; }
int main(void) { return sum(1, 2) + root.key + (int)counter + bigone.after; }

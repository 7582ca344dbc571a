/* struct, union and enum definitions, bit-fields, member access, offsetof. */
struct point {
	int x;
	int y;
};

union number {
	int i;
	long l;
	char c[8];
};

struct flags {
	unsigned int ro : 1;
	unsigned int rw : 2, wo : 1;
	unsigned int mode : 4;
};

enum colour {
	RED,
	GREEN = 5,
	BLUE
};

typedef struct point point_t;
typedef enum colour colour_t;

struct point pt;
union number num;
point_t *ptp;

BEGIN
{
	pt.x = 1;
	pt.y = pt.x + 2;
	num.i = 3;
	x = offsetof(struct point, y);
	y = offsetof(point_t, x);
	c = BLUE;
	n = curthread->pid;
	m = curthread->real_parent->tgid;
}

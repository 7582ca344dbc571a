/* Types every "module" of the test includes identically. */
#include <stdint.h>
typedef struct list_head { struct list_head *next, *prev; } list_head_t;
struct device;
typedef int (*probe_fn)(struct device *, unsigned long);
enum state { S_IDLE, S_BUSY = 4, S_DEAD = -1 };
struct device {
	const char *name;
	list_head_t node;
	uint32_t id : 20, flags : 12;
	uint8_t mac[6];
	int64_t matrix[2][3];
	probe_fn probe;
	enum state st;
	union { void *ptr; unsigned long val; } priv;
	struct conf *cfg; /* defined differently by each module */
	volatile int *const restrictless;
	float f; double d; long double ld;
	_Bool ok;
	char tail[];
};
extern struct device shared_dev;

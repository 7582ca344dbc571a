#include "shared.h"
struct conf { int a; };
struct conf conf_a;
struct device *a_dev = &shared_dev;
struct a_private { struct conf c; list_head_t l; } a_priv;
/* defined by no input, as the kernel's linker script defines jiffies */
extern volatile unsigned long jiffies_like;
unsigned long read_a(void) { return jiffies_like; }

#include "shared.h"
struct conf { char b[3]; double d; struct device *owner; };
struct conf conf_b;
struct b_private { struct conf c; probe_fn fn; } b_priv;
extern volatile unsigned long jiffies_like;
unsigned long read_b(void) { return jiffies_like; }

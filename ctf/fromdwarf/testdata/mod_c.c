#include "shared.h"
struct conf { int a; };
struct conf conf_c;
struct a_private { struct conf c; list_head_t l; } c_priv;

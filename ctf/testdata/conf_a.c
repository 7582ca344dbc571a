struct shared { int x; long y; };
struct conf { int a; };
struct shared sa;
struct conf ca;
int fa(struct shared *s, struct conf *c) { return s->x + c->a; }

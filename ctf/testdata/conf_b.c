struct shared { int x; long y; };
struct conf { char b[3]; double d; };
struct shared sb;
struct conf cb;
int fb(struct shared *s, struct conf *c) { return s->x + c->b[0]; }
int main(void) { return 0; }

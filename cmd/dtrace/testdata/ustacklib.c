/* The shared library of the ustack tests' target (ustack.c). */
int lib_leaf(int x) { return x + 4; }

/* After #pragma D option pspec every outer-scope word is a probe
   description, even one that would begin a declaration: here "int*x"
   is a description with no predicate or actions. */
#pragma D option pspec

int*x;

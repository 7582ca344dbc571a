/* -xpspec (in the .args) makes a word that names a type a probe
   description too: "uint64_t" is one, without predicate or actions. */
uint64_t x;

/* Attributes and bindings of the program's own globals, declared before or after. */
#pragma D attributes Evolving/evolving/ISA total
int total;
inline int limit = 10;
#pragma D binding "1.0" limit
#pragma D depends_on provider profile
BEGIN { total = limit; exit(0); }

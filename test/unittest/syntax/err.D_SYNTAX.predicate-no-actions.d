/* A predicate needs actions after it. */
BEGIN
/1/

/* In a file, a probe description needs a predicate or actions after it. */
BEGIN

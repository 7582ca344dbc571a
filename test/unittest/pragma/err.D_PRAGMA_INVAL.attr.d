/* The error is reported before the syntax error after it. */
inline int broken
#pragma D attributes Rocksolid/Stable/Common broken

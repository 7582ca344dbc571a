/*
 * Which side of a reader-writer lock the lockstat provider's rw-*
 * probes report (their arg1).
 */

inline int RW_WRITER = 0;
inline int RW_READER = 1;

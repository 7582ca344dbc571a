/* An error in a library file fails the program, naming the file and line. */

inline int BROKEN = ;

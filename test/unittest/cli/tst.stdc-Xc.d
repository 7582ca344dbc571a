/*
 * -Xc preprocesses as ISO C, where __STDC__ is 1; -Xs alone (tst.stdc-Xs)
 * leaves it undefined.
 */
#include "stdc.h"

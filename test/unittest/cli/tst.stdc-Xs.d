/*
 * -Xs preprocesses as K&R C, where __STDC__ is not defined; the other -X
 * modes (tst.stdc-X[act]) are ISO C, where it is 1.
 */
#include "stdc.h"

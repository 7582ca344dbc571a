/* ERROR D_PRAGCTL_INVAL "invalid control directive: #include" */
#include <stdio.h>
BEGIN { }

BEGIN { }
/* ERROR D_PRAGERR "#error: stop here now" */
#pragma error "stop here" now

/* The empty option permits a program with nothing in it. */
#pragma D option empty

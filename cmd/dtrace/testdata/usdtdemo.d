/* The provider of the -h and -G tests (usdtprog.c fires it). */
provider demo {
	probe start(int, char *);
	probe work__done(long, unsigned char, string);
	probe never();
};

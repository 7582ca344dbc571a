/* Member errors are reported on the line that closes the translator. */
struct pair { int first; };
translator struct pair < int v > {
	second = v;
};

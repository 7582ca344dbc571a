struct flags {
	unsigned int on : 0;
};

struct flags {
	char on : 9;
};

provider p {
	/* ERROR D_SYNTAX "near \"int\"" */ int x;
};

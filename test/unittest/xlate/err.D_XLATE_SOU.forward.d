translator struct nowhere < int v > {
	x = v;
};

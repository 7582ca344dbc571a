translator long < int v > {
	x = v;
};

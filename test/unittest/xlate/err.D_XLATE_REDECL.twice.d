struct pair { int first; };
translator struct pair < int v > { first = v; };
translator struct pair < int w > {
	first = w + 1;
};

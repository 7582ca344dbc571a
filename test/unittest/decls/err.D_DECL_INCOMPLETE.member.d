struct node {
	struct node next;
	int value;
};

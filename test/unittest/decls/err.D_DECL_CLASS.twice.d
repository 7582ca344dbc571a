extern self int n;

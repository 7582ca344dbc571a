int double d;

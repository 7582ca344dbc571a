BEGIN { x = (long short)1; }

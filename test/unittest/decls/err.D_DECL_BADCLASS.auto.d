auto int total;

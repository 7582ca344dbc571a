union later u;

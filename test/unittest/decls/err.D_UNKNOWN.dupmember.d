struct s { int a; long a; };

struct intish 8 0 4
struct longish 16 0 8
struct llish 16 0 8
struct scatter 32 0 8 16 20 24
struct mixed 48 0 8 16 20 24 32 40
struct nested 56 0 4 12 16 48
union u 8
struct withu 24 0 8 16
struct arr 24 0 4 16 18
1/2/3/4/5, 6/7/8/9/10
6 7 8 9 10
-1 1122334455667788 x -5 y -7 200


/* C declarations: builtin types, qualifiers, storage classes, declarators. */
char c;
signed char sc;
unsigned char uc;
short s;
unsigned short us;
int i;
signed int si;
unsigned u;
long l;
unsigned long ul;
long long ll;
unsigned long long ull;
int8_t i8;
uint16_t u16;
int32_t i32;
uint64_t u64;
uintptr_t up;
size_t sz;
string str;
int a, *b, **c2, d[3], e[2][3];
extern int ext;
typedef unsigned long long my_u64_t;
my_u64_t mine;
typedef struct { int anon; } anon_t;
anon_t an;
typedef int (*fptr_t)(int, char *);
typedef void (*vfn_t)(void);
typedef int fn_t(const char *, int);
self string sname;
this uint64_t lstamp;
int assoc[string, int];

BEGIN
{
	mine = 1;
	i = 2;
}

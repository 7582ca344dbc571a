/* inline definitions: constants and expressions named once, used as names. */
inline int ONE = 1;
inline int TWO = ONE + 1;
inline string NAME = "inl";
inline uint64_t MASK = 0xffffULL;
inline int BIG = TWO > ONE ? 100 : 0;

BEGIN
{
	x = TWO * BIG;
	s = NAME;
	m = arg0 & MASK;
}

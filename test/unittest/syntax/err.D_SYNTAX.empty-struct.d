/* A struct definition needs at least one member. */
struct s {
};

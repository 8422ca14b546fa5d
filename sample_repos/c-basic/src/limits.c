/* The one global `check`; util.c and store.c each keep a `static` one. */
int check(int value) {
    return value != 13;
}

/* Writes the nowcoder-50615 format with N numbers below 10^9 (xorshift, fixed seed). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    unsigned long long n = argc > 1 ? strtoull(argv[1], 0, 10) : 10000000ULL, s = 88172645463325252ULL;
    printf("%llu\n", n);
    for (unsigned long long i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        printf(i + 1 < n ? "%llu " : "%llu\n", s % 1000000000ULL);
    }
    return 0;
}

/* Nim-multiplication of 64-bit nimbers by the textbook recursion on Fermat halves, the baseline of
 * bench/nimber/run.sh.
 *
 * For F = 2^(2^k) and a = a1*F + a0, b = b1*F + b0 (halves below F), Conway's rules F*x = F.x for
 * x < F and F*F = 3F/2 give
 *   a*b = (a1b1 + a1b0 + a0b1) F + (a0b0 + a1b1 * F/2)            (+ is XOR, * nim-product),
 * four half-size products and one product by F/2, down to single bits; a split starts at the
 * smallest F whose square exceeds both operands, and products by 0 or 1 end at once.
 * With "karatsuba" the middle term is (a1+a0)(b1+b0) + a1b1 + a0b0: three half-size products.
 *
 * Usage: textbook FILE [karatsuba]
 *   FILE holds 2n little-endian uint64: a[0..n), then b[0..n). Prints the XOR of a[i]*b[i] and
 *   the seconds the products took (the reading excluded).
 * Build: gcc -O2 -o textbook bench/nimber/textbook.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int karatsuba;

/* a*b for a, b < 2^bits, bits a power of two. */
static uint64_t mul(uint64_t a, uint64_t b, unsigned bits) {
    if (a < 2 || b < 2) return a * b;
    while (((a | b) >> (bits / 2)) == 0) bits /= 2; /* both in the subfield below 2^(bits/2) */
    unsigned h = bits / 2;
    uint64_t mask = (UINT64_C(1) << h) - 1;
    uint64_t a1 = a >> h, a0 = a & mask, b1 = b >> h, b0 = b & mask;
    uint64_t high = mul(a1, b1, h), low = mul(a0, b0, h);
    uint64_t middle = karatsuba ? mul(a1 ^ a0, b1 ^ b0, h) ^ high ^ low
                                : mul(a1, b0, h) ^ mul(a0, b1, h);
    return ((high ^ middle) << h) | (low ^ mul(high, UINT64_C(1) << (h - 1), h));
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: textbook FILE [karatsuba]\n");
        return 2;
    }
    karatsuba = argc > 2 && strcmp(argv[2], "karatsuba") == 0;
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f) / 16;
    fseek(f, 0, SEEK_SET);
    uint64_t *v = malloc(2 * n * sizeof *v);
    if (!v || fread(v, sizeof *v, 2 * n, f) != 2 * n) {
        fprintf(stderr, "cannot read %zu pairs from %s\n", n, argv[1]);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) sum ^= mul(v[i], v[n + i], 64);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("xor %llu seconds %.6f\n", (unsigned long long)sum,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return 0;
}

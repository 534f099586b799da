/* The baseline for bench/values/run.sh: a plain single-threaded C program of the sparse-space
 * ("rare/common") algorithm, for Grundy's game (4!.0) and Officers (0.6).
 *
 *   baseline grundy|officers N   ->  prints "max <value> first <n> checksum <sum>"
 *
 * Mask m: a value v is rare if popcount(v & m) is even; rare ^ rare and common ^ common are rare,
 * rare ^ common is common. For each n:
 *   1. clear the seen table up to 2 * max + 4 (every XOR of two values is below it);
 *   2. mark every split with a rare part (rare x any) and the one-heap option of 0.6: every common
 *      option value is now marked, so c, the smallest unseen common value, is exact;
 *   3. count the rare values below c still unseen; scan the splits (a, s - a) from a = 1 upward
 *      and stop as soon as all of them have been found (or the splits run out);
 *   4. G(n) is the smallest unseen value.
 * The mask is re-chosen at every power of two as the one that makes the fewest positions rare.
 * Values are exact for any N that fits in memory (uint16_t values; Grundy's game and 0.6 stay far
 * below 65536 there). checksum = sum over n of G(n) * (n % 1000 + 1), modulo 2^64.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VALUES 65536

static int is_rare(unsigned v, unsigned mask) { return __builtin_popcount(v & mask) % 2 == 0; }

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: baseline grundy|officers N\n");
        return 2;
    }
    int grundy = strcmp(argv[1], "grundy") == 0;
    long N = atol(argv[2]);
    uint16_t *G = calloc(N + 1, sizeof *G);
    long *count = calloc(VALUES, sizeof *count);
    uint32_t *rare = malloc((N + 1) * sizeof *rare);
    unsigned char *seen = calloc(2 * VALUES + 4, 1);
    long nrare = 0;
    unsigned mask = 0, vmax = 0, width = 64;
    for (long n = 0; n <= N; n++) {
        if (n >= 64 && (n & (n - 1)) == 0) {
            long best = -1;
            for (unsigned m = 1; m < width; m++) {
                long r = 0;
                for (unsigned v = 0; v <= vmax; v++)
                    if (is_rare(v, m)) r += count[v];
                if (best < 0 || r < best) best = r, mask = m;
            }
            nrare = 0;
            for (long i = 1; i < n; i++)
                if (is_rare(G[i], mask)) rare[nrare++] = i;
        }
        unsigned limit = 2 * vmax + 4;
        memset(seen, 0, limit);
        long s = grundy ? n : n - 1;
        if (!grundy && n >= 2) seen[G[n - 1]] = 1;
        /* rare x any: the rare positions are ascending. */
        for (long i = 0; i < nrare && s >= 2; i++) {
            long r = rare[i], b = s - r;
            if (b < 1) break;
            if (grundy && b == r) continue;
            seen[G[r] ^ G[b]] = 1;
        }
        unsigned g;
        if (mask == 0) {
            /* Every position is rare: every split was marked above. */
            g = 0;
        } else {
            unsigned c = 0;
            while (seen[c] || is_rare(c, mask)) c++;
            int missing = 0;
            for (unsigned v = 0; v < c; v++)
                if (!seen[v]) missing++;
            /* common x common: every XOR is rare. */
            long last = grundy ? (s - 1) / 2 : s / 2;
            for (long a = 1; a <= last && missing > 0; a++) {
                unsigned x = G[a] ^ G[s - a];
                if (!seen[x]) {
                    seen[x] = 1;
                    if (x < c) missing--;
                }
            }
            g = 0;
        }
        while (seen[g]) g++;
        G[n] = g;
        if (n >= 1) count[g]++;
        if (g > vmax) {
            vmax = g;
            while (width <= vmax) width *= 2;
        }
        if (n >= 1 && is_rare(g, mask)) rare[nrare++] = n;
    }
    unsigned long long sum = 0;
    unsigned best = 0;
    long first = 0;
    for (long n = 0; n <= N; n++) {
        sum += (unsigned long long)G[n] * (n % 1000 + 1);
        if (G[n] > best) best = G[n], first = n;
    }
    printf("max %u first %ld checksum %llu\n", best, first, sum);
    return 0;
}

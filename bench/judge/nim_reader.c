/* Hand-tuned C baseline for `grundy judge nowcoder-50615`: read all of stdin at once,
   a digit loop, XOR. No validation. Written for grundy's benchmark. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t cap = 1 << 24, len = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) buf = realloc(buf, cap *= 2);
    }
    size_t i = 0;
    unsigned long long n = 0, x = 0, v;
    while (i < len && (buf[i] < '0' || buf[i] > '9')) i++;
    while (i < len && buf[i] >= '0' && buf[i] <= '9') n = n * 10 + (buf[i++] - '0');
    for (unsigned long long k = 0; k < n; k++) {
        while (i < len && (buf[i] < '0' || buf[i] > '9')) i++;
        v = 0;
        while (i < len && buf[i] >= '0' && buf[i] <= '9') v = v * 10 + (buf[i++] - '0');
        x ^= v;
    }
    puts(x ? "win" : "lose");
    return 0;
}

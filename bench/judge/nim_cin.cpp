// The tutorial-style C++ baseline: `cin >>` each number, XOR. Written for grundy's benchmark.
#include <iostream>

int main() {
    long long n, x = 0, v;
    std::cin >> n;
    for (long long i = 0; i < n; i++) {
        std::cin >> v;
        x ^= v;
    }
    std::cout << (x ? "win" : "lose") << std::endl;
    return 0;
}

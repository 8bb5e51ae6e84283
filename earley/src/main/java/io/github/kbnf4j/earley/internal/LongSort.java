package io.github.kbnf4j.earley.internal;

/**
 * In-place sort of a prefix of a {@code long[]} that allocates nothing (unlike
 * {@link java.util.Arrays#sort(long[], int, int)}, which may allocate a merge buffer): insertion
 * sort for short ranges, heapsort above. {@code O(n log n)} worst case, no recursion.
 */
final class LongSort {
    private LongSort() {
    }

    /** Sorts {@code a[0 .. n)} ascending. */
    static void sort(long[] a, int n) {
        if (n <= 24) {
            for (int i = 1; i < n; i++) {
                long x = a[i];
                int j = i - 1;
                while (j >= 0 && a[j] > x) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            long t = a[0];
            a[0] = a[end];
            a[end] = t;
            siftDown(a, 0, end);
        }
    }

    private static void siftDown(long[] a, int i, int n) {
        long x = a[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && a[child + 1] > a[child]) {
                child++;
            }
            if (a[child] <= x) {
                break;
            }
            a[i] = a[child];
            i = child;
        }
        a[i] = x;
    }
}

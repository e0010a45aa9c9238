/* matmul.c - dense matrix multiply in the naive i-j-k order, so that the
 * inner loop walks B down a column (stride n doubles): first on one flat
 * heap block (B[k * n + j]), then on matrices stored as arrays of row
 * pointers (b[k][j]: one pointer load and one element load per step), then
 * C = A * B^T with both operands walked along rows, as a contrast.
 * Hot loops, almost no allocation: measures the load checks themselves. */
#include "../../bench_util.h"

static double checksum(const double *c, int n) {
    double s = 0;
    for (int i = 0; i < n * n; i++) s += c[i] * (double)((i % 7) + 1);
    return s;
}

static void fill(double *m, int n, uint64_t *rng) {
    for (int i = 0; i < n * n; i++) m[i] = (double)(xorshift64s_next(rng) % 2001) / 1000.0 - 1.0;
}

/* flat: C[i][j] = sum_k A[i][k] * B[k][j] */
static void mm_flat(const double *a, const double *b, double *c, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

/* row pointers: the same product through double ** */
static void mm_rows(double *const *a, double *const *b, double **c, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

/* C = A * B^T: both inner accesses along rows */
static void mm_transposed(const double *a, const double *b, double *c, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[j * n + k];
            c[i * n + j] = s;
        }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 520;
    uint64_t rng = 0x5eed0001;
    double *a = xmalloc(sizeof(double) * n * n);
    double *b = xmalloc(sizeof(double) * n * n);
    double *c = xmalloc(sizeof(double) * n * n);
    fill(a, n, &rng);
    fill(b, n, &rng);

    mm_flat(a, b, c, n);
    double s1 = checksum(c, n);

    double **ar = xmalloc(sizeof(double *) * n), **br = xmalloc(sizeof(double *) * n);
    double **cr = xmalloc(sizeof(double *) * n);
    for (int i = 0; i < n; i++) {
        ar[i] = xmalloc(sizeof(double) * n);
        br[i] = xmalloc(sizeof(double) * n);
        cr[i] = xmalloc(sizeof(double) * n);
        for (int j = 0; j < n; j++) { ar[i][j] = a[i * n + j]; br[i][j] = b[i * n + j]; }
    }
    mm_rows(ar, br, cr, n);
    double s2 = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) s2 += cr[i][j] * (double)(((i * n + j) % 7) + 1);

    mm_transposed(a, b, c, n);
    double s3 = checksum(c, n);

    for (int i = 0; i < n; i++) { free(ar[i]); free(br[i]); free(cr[i]); }
    free(ar); free(br); free(cr);
    free(a); free(b); free(c);
    printf("matmul n=%d flat=%.6f rows=%.6f transposed=%.6f\n", n, s1, s2, s3);
    return 0;
}

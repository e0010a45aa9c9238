// new[] released with plain delete.
#include <cstdio>

struct Point {
  double x, y;
};

static double centroid_x(const Point *pts, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += pts[i].x;
  return sum / n;
}

int main(int argc, char **) {
  int n = 15 + argc;
  Point *pts = new Point[n];
  for (int i = 0; i < n; i++)
    pts[i] = Point{double(i), double(-i)};
  std::printf("centroid x: %f\n", centroid_x(pts, n));
  delete pts; // should be delete[]
  return 0;
}

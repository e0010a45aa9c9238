// A global of class type with a dynamic initialiser, for
// init-order-ignorelist.cpp's `type:` entry.
namespace app {
struct Settings {
  int limit;
  Settings();
};
static volatile int configured = 42;
Settings::Settings() : limit(configured) {}
} // namespace app

app::Settings settings;

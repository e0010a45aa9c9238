// cxx_objects.cpp - Sleuth benchmark: C++ object and container churn.
//
// A small class hierarchy allocated with new and released with delete
// through virtual destructors, plus std::vector growth, std::string
// building and std::map<std::string, ...> insert/erase churn.  Stresses
// operator new/delete (sized and unsized), many short-lived small blocks,
// reallocation of vector storage and the library code that instrumented
// templates pull in.  Deterministic; prints one checksum line.
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

uint64_t rng_state = 0x3c6ef372fe94f82bull;

uint32_t rng_next() {
    // xorshift64*
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return static_cast<uint32_t>((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

class Shape {
public:
    explicit Shape(uint32_t id) : id_(id) {}
    virtual ~Shape() = default;
    virtual uint64_t area() const = 0;
    virtual void grow(uint32_t k) = 0;
    uint32_t id() const { return id_; }

private:
    uint32_t id_;
};

class Rect final : public Shape {
public:
    Rect(uint32_t id, uint32_t w, uint32_t h) : Shape(id), w_(w), h_(h) {}
    uint64_t area() const override { return uint64_t(w_) * h_; }
    void grow(uint32_t k) override { w_ += k; }

private:
    uint32_t w_, h_;
};

class Circle final : public Shape {
public:
    Circle(uint32_t id, uint32_t r) : Shape(id), r_(r) {}
    uint64_t area() const override { return 3ull * r_ * r_; }
    void grow(uint32_t k) override { r_ += k & 3; }

private:
    uint32_t r_;
};

class Poly final : public Shape {
public:
    Poly(uint32_t id, uint32_t n) : Shape(id), pts_(n) {
        for (uint32_t i = 0; i < n; i++)
            pts_[i] = rng_next() % 1000;
    }
    uint64_t area() const override {
        uint64_t s = 0;
        for (uint32_t p : pts_)
            s += p;
        return s;
    }
    void grow(uint32_t k) override { pts_.push_back(k % 1000); }

private:
    std::vector<uint32_t> pts_;
};

Shape *make_shape(uint32_t id) {
    switch (rng_next() % 3) {
    case 0:
        return new Rect(id, rng_next() % 100, rng_next() % 100);
    case 1:
        return new Circle(id, rng_next() % 50);
    default:
        return new Poly(id, 1 + rng_next() % 12);
    }
}

uint64_t shapes_phase() {
    const size_t kLive = 20000;
    std::vector<Shape *> live(kLive, nullptr);
    uint64_t sum = 0;
    uint32_t next_id = 0;
    for (size_t i = 0; i < kLive; i++)
        live[i] = make_shape(next_id++);
    for (int step = 0; step < 1200000; step++) {
        size_t slot = rng_next() % kLive;
        Shape *s = live[slot];
        sum += s->area() + s->id();
        if (step % 3 == 0) {
            delete s;
            live[slot] = make_shape(next_id++);
        } else {
            s->grow(static_cast<uint32_t>(step));
        }
    }
    for (Shape *s : live) {
        sum ^= s->area();
        delete s;
    }
    return sum;
}

std::string make_word(uint32_t x) {
    static const char *const parts[] = {"al", "be", "cor", "dun", "eph", "fal", "gri", "hos",
                                         "ix",  "jo", "kel", "lum", "mor", "nax", "op",  "pry"};
    std::string w;
    int n = 1 + static_cast<int>(x % 4);
    x /= 4;
    for (int i = 0; i < n; i++) {
        w += parts[x % 16];
        x /= 16;
    }
    w += std::to_string(x % 5000);
    return w;
}

uint64_t map_phase() {
    std::map<std::string, std::vector<uint32_t>> index;
    uint64_t sum = 0;
    for (int step = 0; step < 500000; step++) {
        std::string key = make_word(rng_next());
        uint32_t op = rng_next() % 10;
        if (op < 6) {
            index[key].push_back(static_cast<uint32_t>(step));
        } else if (op < 9) {
            auto it = index.find(key);
            if (it != index.end())
                sum += it->second.size() + it->first.size();
        } else {
            sum += index.erase(key);
        }
    }
    for (const auto &kv : index) {
        sum = sum * 31 + kv.first.size();
        for (uint32_t v : kv.second)
            sum += v;
    }
    sum = sum * 31 + index.size();
    return sum;
}

uint64_t string_phase() {
    uint64_t sum = 0;
    for (int round = 0; round < 200; round++) {
        std::vector<std::string> lines;
        for (int i = 0; i < 500; i++) {
            std::string line;
            int words = 2 + static_cast<int>(rng_next() % 10);
            for (int w = 0; w < words; w++) {
                if (w)
                    line += ' ';
                line += make_word(rng_next());
            }
            lines.push_back(std::move(line));
        }
        std::string joined;
        for (const std::string &l : lines) {
            joined += l;
            joined += '\n';
        }
        size_t pos = 0;
        while ((pos = joined.find("cor", pos)) != std::string::npos) {
            sum += pos;
            pos += 3;
        }
        sum = sum * 31 + joined.size();
    }
    return sum;
}

uint64_t unique_ptr_phase() {
    uint64_t sum = 0;
    for (int round = 0; round < 40; round++) {
        std::vector<std::unique_ptr<Shape>> v;
        for (int i = 0; i < 5000; i++)
            v.emplace_back(make_shape(static_cast<uint32_t>(i)));
        for (size_t i = 0; i < v.size(); i += 2)
            v[i].reset();
        for (const auto &p : v)
            if (p)
                sum += p->area();
    }
    return sum;
}

} // namespace

int main() {
    uint64_t a = shapes_phase();
    uint64_t b = map_phase();
    uint64_t c = string_phase();
    uint64_t d = unique_ptr_phase();
    std::printf("cxx_objects checksum %llu %llu %llu %llu\n", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b), static_cast<unsigned long long>(c),
                static_cast<unsigned long long>(d));
    return 0;
}

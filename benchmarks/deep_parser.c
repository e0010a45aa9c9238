/* deep_parser.c - Sleuth benchmark: a recursive-descent parser building a
 * deep tree.
 *
 * Generates JSON-like documents (objects, arrays, strings, numbers and
 * arithmetic expressions such as "(3*(x+2)-y)") nested up to about 60
 * levels, then parses each one several times by recursive descent into a
 * tree of heap nodes, evaluates it and frees it.  Each node is allocated
 * from one of several mutually recursive functions (value, object, member,
 * array, string, expression, term, factor), so the allocation and free
 * stacks are deep and vary with the path of node kinds from the root:
 * hundreds of thousands of distinct stacks that differ mostly near the
 * leaf from one allocation to the next.  Stresses stack capture and the
 * stack depot, small allocations of several sizes, realloc'd child
 * vectors and strings.
 * Deterministic; prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define DOCS 4
#define PARSES 2
#define DOC_NODES 120000 /* approximate node budget of one document */
#define MAX_NEST 60

static uint64_t rng_state = 0x7f4a7c159e3779b9ull;

static uint32_t rng_next(void) { return xorshift64s_next(&rng_state); }
static uint32_t rng_below(uint32_t n) { return rng_next() % n; }

static void *xrealloc(void *old, size_t n) {
    void *p = realloc(old, n);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* ---------- generation ---------- */

typedef struct {
    char *s;
    size_t len, cap;
} Text;

static void put(Text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        while (t->len + n + 1 > t->cap)
            t->cap = t->cap ? t->cap * 2 : 4096;
        t->s = xrealloc(t->s, t->cap);
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = 0;
}

static void put_str(Text *t, const char *s) { put(t, s, strlen(s)); }

static void put_word(Text *t) {
    static const char *syll[] = {"ka", "lo", "mi", "ne", "ru", "si", "ta",
                                 "vo", "xe", "zu", "bra", "qui"};
    int n = 1 + (int)rng_below(4);
    for (int i = 0; i < n; i++)
        put_str(t, syll[rng_below(12)]);
}

static void gen_expr(Text *t, int depth);

static void gen_factor(Text *t, int depth) {
    uint32_t r = rng_below(10);
    if (depth < MAX_NEST && r < 2) {
        put_str(t, "(");
        gen_expr(t, depth + 1);
        put_str(t, ")");
    } else if (r < 5) {
        put_str(t, rng_below(2) ? "x" : "y");
    } else {
        char buf[16];
        int n = snprintf(buf, sizeof buf, "%u", rng_below(100));
        put(t, buf, (size_t)n);
    }
}

static void gen_expr(Text *t, int depth) {
    int terms = 1 + (int)rng_below(3);
    for (int i = 0; i < terms; i++) {
        if (i)
            put_str(t, rng_below(2) ? "+" : "-");
        int factors = 1 + (int)rng_below(2);
        for (int j = 0; j < factors; j++) {
            if (j)
                put_str(t, "*");
            gen_factor(t, depth);
        }
    }
}

/* A value of about `budget` nodes. Containers split their budget among a
 * few children, so the document is deep where the budget is large. */
static void gen_value(Text *t, int depth, long budget) {
    if (budget <= 1 || depth >= MAX_NEST) {
        switch (rng_below(4)) {
        case 0: {
            char buf[24];
            int n = snprintf(buf, sizeof buf, "%u.%u", rng_below(10000),
                             rng_below(100));
            put(t, buf, (size_t)n);
            break;
        }
        case 1:
            put_str(t, "\"");
            put_word(t);
            put_str(t, "\"");
            break;
        default:
            put_str(t, "<");
            gen_expr(t, depth);
            put_str(t, ">");
        }
        return;
    }
    int kids = 1 + (int)rng_below(budget > 64 ? 3 : 5);
    int obj = rng_below(2);
    put_str(t, obj ? "{" : "[");
    long left = budget - 1;
    for (int i = 0; i < kids; i++) {
        long share = i == kids - 1 ? left : (long)(rng_below(1000) * (uint64_t)left / 1000);
        left -= share;
        if (i)
            put_str(t, ",");
        if (obj) {
            put_str(t, "\"");
            put_word(t);
            put_str(t, "\":");
        }
        gen_value(t, depth + 1, share);
    }
    put_str(t, obj ? "}" : "]");
}

/* ---------- the tree ---------- */

typedef enum { V_NUM, V_STR, V_ARR, V_OBJ, V_EXPR } Kind;
typedef enum { E_NUM, E_VAR, E_ADD, E_SUB, E_MUL } ExprKind;

typedef struct Expr {
    ExprKind kind;
    int64_t num;
    struct Expr *l, *r;
} Expr;

struct Value;
typedef struct {
    char *key;
    struct Value *val;
} Member;

typedef struct Value {
    Kind kind;
    double num;
    char *str;
    size_t n, cap;
    struct Value **items; /* V_ARR */
    Member *members;      /* V_OBJ */
    Expr *expr;           /* V_EXPR */
} Value;

typedef struct {
    const char *p;
} Parser;

static void fail(const char *what, const Parser *ps) {
    fprintf(stderr, "deep_parser: %s at '%.20s'\n", what, ps->p);
    exit(3);
}

static void expect(Parser *ps, char c) {
    if (*ps->p != c)
        fail("unexpected character", ps);
    ps->p++;
}

static Expr *new_expr(ExprKind k, Expr *l, Expr *r) {
    Expr *e = xmalloc(sizeof *e);
    e->kind = k;
    e->num = 0;
    e->l = l;
    e->r = r;
    return e;
}

static Expr *parse_expr(Parser *ps);

static Expr *parse_factor(Parser *ps) {
    char c = *ps->p;
    if (c == '(') {
        ps->p++;
        Expr *e = parse_expr(ps);
        expect(ps, ')');
        return e;
    }
    if (c == 'x' || c == 'y') {
        ps->p++;
        Expr *e = new_expr(E_VAR, 0, 0);
        e->num = c == 'x';
        return e;
    }
    if (c < '0' || c > '9')
        fail("bad factor", ps);
    Expr *e = new_expr(E_NUM, 0, 0);
    while (*ps->p >= '0' && *ps->p <= '9')
        e->num = e->num * 10 + (*ps->p++ - '0');
    return e;
}

static Expr *parse_term(Parser *ps) {
    Expr *e = parse_factor(ps);
    while (*ps->p == '*') {
        ps->p++;
        e = new_expr(E_MUL, e, parse_factor(ps));
    }
    return e;
}

static Expr *parse_expr(Parser *ps) {
    Expr *e = parse_term(ps);
    while (*ps->p == '+' || *ps->p == '-') {
        ExprKind k = *ps->p++ == '+' ? E_ADD : E_SUB;
        e = new_expr(k, e, parse_term(ps));
    }
    return e;
}

static Value *new_value(Kind k) {
    Value *v = xmalloc(sizeof *v);
    memset(v, 0, sizeof *v);
    v->kind = k;
    return v;
}

static char *parse_string(Parser *ps, size_t *len) {
    expect(ps, '"');
    const char *b = ps->p;
    while (*ps->p && *ps->p != '"')
        ps->p++;
    size_t n = (size_t)(ps->p - b);
    expect(ps, '"');
    char *s = xmalloc(n + 1);
    memcpy(s, b, n);
    s[n] = 0;
    *len = n;
    return s;
}

static Value *parse_value(Parser *ps);

static void parse_member(Parser *ps, Value *obj) {
    if (obj->n == obj->cap) {
        obj->cap = obj->cap ? obj->cap * 2 : 2;
        obj->members = xrealloc(obj->members, obj->cap * sizeof *obj->members);
    }
    size_t len;
    Member *m = &obj->members[obj->n];
    m->key = parse_string(ps, &len);
    expect(ps, ':');
    obj->members[obj->n].val = parse_value(ps);
    obj->n++;
}

static Value *parse_object(Parser *ps) {
    Value *v = new_value(V_OBJ);
    expect(ps, '{');
    for (;;) {
        parse_member(ps, v);
        if (*ps->p != ',')
            break;
        ps->p++;
    }
    expect(ps, '}');
    return v;
}

static Value *parse_array(Parser *ps) {
    Value *v = new_value(V_ARR);
    expect(ps, '[');
    for (;;) {
        Value *item = parse_value(ps);
        if (v->n == v->cap) {
            v->cap = v->cap ? v->cap * 2 : 2;
            v->items = xrealloc(v->items, v->cap * sizeof *v->items);
        }
        v->items[v->n++] = item;
        if (*ps->p != ',')
            break;
        ps->p++;
    }
    expect(ps, ']');
    return v;
}

static Value *parse_value(Parser *ps) {
    char c = *ps->p;
    if (c == '{')
        return parse_object(ps);
    if (c == '[')
        return parse_array(ps);
    if (c == '"') {
        Value *v = new_value(V_STR);
        v->str = parse_string(ps, &v->n);
        return v;
    }
    if (c == '<') {
        ps->p++;
        Value *v = new_value(V_EXPR);
        v->expr = parse_expr(ps);
        expect(ps, '>');
        return v;
    }
    if (c < '0' || c > '9')
        fail("bad value", ps);
    Value *v = new_value(V_NUM);
    v->num = strtod(ps->p, (char **)&ps->p);
    return v;
}

/* ---------- evaluation and freeing ---------- */

static int64_t eval(const Expr *e, int64_t x, int64_t y) {
    switch (e->kind) {
    case E_NUM: return e->num;
    case E_VAR: return e->num ? x : y;
    case E_ADD: return eval(e->l, x, y) + eval(e->r, x, y);
    case E_SUB: return eval(e->l, x, y) - eval(e->r, x, y);
    default: return eval(e->l, x, y) * eval(e->r, x, y);
    }
}

static uint64_t str_hash(const char *s) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static uint64_t checksum(const Value *v, int depth) {
    uint64_t h = (uint64_t)v->kind * 0x9e3779b97f4a7c15ull + (uint64_t)depth;
    switch (v->kind) {
    case V_NUM: return h ^ (uint64_t)(int64_t)(v->num * 100.0);
    case V_STR: return h ^ str_hash(v->str);
    case V_EXPR: return h ^ (uint64_t)eval(v->expr, depth, 7);
    case V_ARR:
        for (size_t i = 0; i < v->n; i++)
            h = h * 31 + checksum(v->items[i], depth + 1);
        return h;
    default:
        for (size_t i = 0; i < v->n; i++)
            h = h * 37 + str_hash(v->members[i].key) +
                checksum(v->members[i].val, depth + 1);
        return h;
    }
}

static void free_expr(Expr *e) {
    if (e->l) {
        free_expr(e->l);
        free_expr(e->r);
    }
    free(e);
}

static void free_value(Value *v);

static void free_members(Value *v) {
    for (size_t i = 0; i < v->n; i++) {
        free(v->members[i].key);
        free_value(v->members[i].val);
    }
    free(v->members);
}

static void free_items(Value *v) {
    for (size_t i = 0; i < v->n; i++)
        free_value(v->items[i]);
    free(v->items);
}

static void free_value(Value *v) {
    switch (v->kind) {
    case V_STR: free(v->str); break;
    case V_EXPR: free_expr(v->expr); break;
    case V_ARR: free_items(v); break;
    case V_OBJ: free_members(v); break;
    default: break;
    }
    free(v);
}

static int max_depth(const Value *v) {
    int m = 0;
    for (size_t i = 0; i < v->n && (v->kind == V_ARR || v->kind == V_OBJ);
         i++) {
        int d = max_depth(v->kind == V_ARR ? v->items[i] : v->members[i].val);
        if (d > m)
            m = d;
    }
    return m + 1;
}

int main(void) {
    uint64_t sum = 0;
    int deepest = 0;
    for (int d = 0; d < DOCS; d++) {
        Text t = {0, 0, 0};
        gen_value(&t, 0, DOC_NODES);
        for (int r = 0; r < PARSES; r++) {
            Parser ps = {t.s};
            Value *root = parse_value(&ps);
            if (*ps.p)
                fail("trailing text", &ps);
            sum = sum * 1000003 + checksum(root, 0);
            int md = max_depth(root);
            if (md > deepest)
                deepest = md;
            free_value(root);
        }
        sum ^= t.len;
        free(t.s);
    }
    printf("deep_parser checksum %llu depth %d\n", (unsigned long long)sum,
           deepest);
    return 0;
}

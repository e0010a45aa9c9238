/* cjson_bench.c - drives cJSON (built from the Debian source with the same
 * compiler and flags as this driver): generates a JSON document of about
 * 2 MB (an array of records with strings, escapes, numbers, nested arrays
 * and objects) as text, then parses it, walks and sums the tree, prints it
 * formatted and unformatted, parses the printed text again and compares
 * the trees (cJSON_Compare), builds a second document through the
 * cJSON_Create and cJSON_Add API, duplicates and deletes. Hundreds of
 * thousands of small blocks (one cJSON node of 64 bytes per value, one
 * string per key and string value), realloc'ed print buffers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cJSON.h"

static uint64_t rng = 0xc1507;
static uint32_t next(void) {
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

struct buf { char *p; size_t n, cap; };
static void put(struct buf *b, const char *s, size_t l) {
    if (b->n + l + 1 > b->cap) {
        b->cap = (b->cap + l + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p) exit(2);
    }
    memcpy(b->p + b->n, s, l);
    b->n += l;
    b->p[b->n] = 0;
}
static void puts_(struct buf *b, const char *s) { put(b, s, strlen(s)); }

static void gen_string(struct buf *b) {
    static const char alpha[] = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789";
    puts_(b, "\"");
    int l = 1 + next() % 24;
    for (int i = 0; i < l; i++) {
        uint32_t r = next() % 40;
        if (r == 0) puts_(b, "\\n");
        else if (r == 1) puts_(b, "\\\"");
        else if (r == 2) puts_(b, "\\u00e9");
        else { char c = alpha[next() % (sizeof alpha - 1)]; put(b, &c, 1); }
    }
    puts_(b, "\"");
}

static void gen_value(struct buf *b, int depth) {
    char tmp[64];
    uint32_t k = next() % (depth > 3 ? 4 : 7);
    switch (k) {
    case 0: snprintf(tmp, sizeof tmp, "%d", (int)(next() % 2000000) - 1000000); puts_(b, tmp); break;
    case 1: snprintf(tmp, sizeof tmp, "%.6g", (double)next() / 997.0); puts_(b, tmp); break;
    case 2: gen_string(b); break;
    case 3: puts_(b, next() % 3 == 0 ? "null" : next() % 2 ? "true" : "false"); break;
    case 4: case 5: {
        int n = next() % 6;
        puts_(b, "[");
        for (int i = 0; i < n; i++) { if (i) puts_(b, ","); gen_value(b, depth + 1); }
        puts_(b, "]");
        break;
    }
    default: {
        int n = 1 + next() % 5;
        puts_(b, "{");
        for (int i = 0; i < n; i++) {
            if (i) puts_(b, ",");
            snprintf(tmp, sizeof tmp, "\"f%d%c\":", i, (char)(97 + next() % 26)); /* unique keys */
            puts_(b, tmp);
            gen_value(b, depth + 1);
        }
        puts_(b, "}");
    }
    }
}

static double walk(const cJSON *j, unsigned long *nodes) {
    double s = 0;
    (*nodes)++;
    if (cJSON_IsNumber(j)) s += j->valuedouble;
    else if (cJSON_IsString(j)) s += (double)strlen(j->valuestring);
    else if (cJSON_IsTrue(j)) s += 1;
    for (const cJSON *c = j->child; c; c = c->next) {
        if (c->string) s += (double)(unsigned char)c->string[1];
        s += walk(c, nodes);
    }
    return s;
}

static cJSON *build(int records) {
    cJSON *root = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(root, "records");
    char name[32];
    for (int i = 0; i < records; i++) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddNumberToObject(r, "id", i);
        snprintf(name, sizeof name, "record-%d", (int)(next() % 100000));
        cJSON_AddStringToObject(r, "name", name);
        cJSON_AddBoolToObject(r, "even", i % 2 == 0);
        int vals[8];
        for (int k = 0; k < 8; k++) vals[k] = (int)(next() % 1000);
        cJSON_AddItemToObject(r, "values", cJSON_CreateIntArray(vals, 1 + i % 8));
        cJSON_AddItemToArray(arr, r);
    }
    return root;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 2;
    double total = 0;
    unsigned long nodes = 0;
    size_t printed = 0;
    for (int r = 0; r < rounds; r++) {
        struct buf b = {0};
        puts_(&b, "[");
        for (int i = 0; b.n < (size_t)2 << 20; i++) {
            if (i) puts_(&b, ",\n");
            gen_value(&b, 0);
        }
        puts_(&b, "]");
        cJSON *doc = cJSON_Parse(b.p);
        if (!doc) { fprintf(stderr, "parse error near %.20s\n", cJSON_GetErrorPtr()); return 1; }
        total += walk(doc, &nodes);
        char *pretty = cJSON_Print(doc), *flat = cJSON_PrintUnformatted(doc);
        printed += strlen(pretty) + strlen(flat);
        cJSON *again = cJSON_Parse(pretty), *again2 = cJSON_Parse(flat);
        if (!again || !again2 || !cJSON_Compare(doc, again, 1) || !cJSON_Compare(doc, again2, 1)) {
            fprintf(stderr, "round trip differs\n");
            return 1;
        }
        cJSON *dup = cJSON_Duplicate(again, 1);
        total += walk(dup, &nodes);
        cJSON_Delete(dup);
        cJSON_Delete(again);
        cJSON_Delete(again2);
        cJSON_free(pretty);
        cJSON_free(flat);
        cJSON_Delete(doc);
        free(b.p);

        cJSON *built = build(40000);
        char *out = cJSON_PrintUnformatted(built);
        cJSON *back = cJSON_Parse(out);
        if (!back || !cJSON_Compare(built, back, 1)) { fprintf(stderr, "built round trip differs\n"); return 1; }
        total += walk(back, &nodes);
        printed += strlen(out);
        cJSON_Delete(back);
        cJSON_Delete(built);
        cJSON_free(out);
    }
    printf("cjson rounds=%d nodes=%lu printed=%zu sum=%.3f\n", rounds, nodes, printed, total);
    return 0;
}

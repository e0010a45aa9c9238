-- Features Debian enables (FTS3/4/5, R*Tree, JSON, window functions, CTEs,
-- soundex, dbstat), each with a checked result in sqlite3-shell.expected.
.mode list
.headers off
CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, tags TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO t(name, score, tags)
  SELECT 'name' || i, (i * 37) % 101, json_array(i % 7, 'tag' || (i % 5)) FROM n;
CREATE INDEX t_score ON t(score);
SELECT count(*), sum(score), min(name), max(name) FROM t;
SELECT name, score, rank() OVER (ORDER BY score DESC, id) FROM t ORDER BY 3 LIMIT 3;
SELECT json_extract(tags, '$[1]'), count(*) FROM t GROUP BY 1 ORDER BY 1;
SELECT group_concat(id, ',') FROM (SELECT id FROM t WHERE score = 0 ORDER BY id LIMIT 5);
UPDATE t SET name = upper(name) WHERE id % 100 = 0;
DELETE FROM t WHERE id > 1900;
SELECT count(*), count(DISTINCT score) FROM t WHERE name GLOB 'NAME*';
CREATE VIRTUAL TABLE docs USING fts5(body);
INSERT INTO docs VALUES ('the quick brown fox'), ('jumps over the lazy dog'),
  ('a quick movement of the enemy'), ('sphinx of black quartz judge my vow');
SELECT rowid, highlight(docs, 0, '[', ']') FROM docs WHERE docs MATCH 'quick' ORDER BY rowid;
CREATE VIRTUAL TABLE d4 USING fts4(body);
INSERT INTO d4 SELECT body FROM docs;
SELECT count(*) FROM d4 WHERE d4 MATCH 'the';
CREATE VIRTUAL TABLE r USING rtree(id, x0, x1, y0, y1);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99)
INSERT INTO r SELECT i, i, i + 2, i % 10, i % 10 + 1 FROM n;
SELECT count(*) FROM r WHERE x0 <= 50 AND x1 >= 45 AND y0 <= 5 AND y1 >= 3;
SELECT soundex('Robert'), soundex('Rupert'), printf('%08.3f|%-5s|%x', 3.14159, 'ab', 255);
SELECT json_group_array(x) FROM (SELECT value AS x FROM json_each('[3,1,2]') ORDER BY x);
SELECT substr(hex(randomblob(4)), 1, 0) || length(zeroblob(1000)), typeof(1e400);
SELECT name FROM dbstat WHERE name = 't' LIMIT 1;
VACUUM;
PRAGMA integrity_check;

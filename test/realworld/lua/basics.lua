-- Strings, patterns, tables, integers and floats, utf8, string.pack,
-- metatables, goto and varargs: every result is asserted.
local fmt = string.format

-- strings and patterns
assert(("hello world"):upper() == "HELLO WORLD")
assert(("abc"):rep(3, "-") == "abc-abc-abc")
assert(fmt("%5.2f|%-4d|%q|%x", math.pi, 42, "a\nb", 255) == " 3.14|42  |\"a\\\nb\"|ff")
local s, n = ("one two  three"):gsub("%s+", "_")
assert(s == "one_two_three" and n == 2)
local words = {}
for w in ("alpha, beta,gamma , delta"):gmatch("%a+") do words[#words + 1] = w end
assert(table.concat(words, "/") == "alpha/beta/gamma/delta")
assert(("key = value"):match("^(%w+)%s*=%s*(%w+)$") == "key")
assert(select(2, ("x=1, y=22"):gsub("(%w+)=(%w+)", "%2=%1")) == 2)
assert(("[[nested]]"):find("[[", 1, true) == 1)
assert(("%d"):rep(3) == "%d%d%d")
assert(("THE (quick) fox"):find("%((%a+)%)") == 5)
assert(("hello"):byte(-1) == 111 and string.char(72, 105) == "Hi")
assert(("  trim  "):match("^%s*(.-)%s*$") == "trim")
assert(("f(a(b)c)d"):match("%b()") == "(a(b)c)")
assert(("THE END"):lower():reverse() == "dne eht")
local big = {}
for i = 1, 10000 do big[i] = tostring(i) end
local joined = table.concat(big, ",")
assert(#joined == 48893)
assert(select("#", joined:gsub(",", ";")) == 2)

-- tables
local t = {}
for i = 1, 1000 do t[i] = (i * 7919) % 1000 end
table.sort(t)
for i = 2, #t do assert(t[i - 1] <= t[i]) end
table.sort(t, function(a, b) return a > b end)
assert(t[1] == 999 and t[#t] == 0)
table.insert(t, 1, -1); assert(t[1] == -1 and #t == 1001)
assert(table.remove(t, 1) == -1 and #t == 1000)
local m = table.move({1, 2, 3, 4, 5}, 2, 4, 1, {})
assert(#m == 3 and m[1] == 2 and m[3] == 4)
assert(select("#", table.unpack({1, 2, nil, 4}, 1, 4)) == 4)
local keys = 0
local h = {}
for i = 1, 5000 do h["k" .. i] = i end
for i = 1, 5000, 2 do h["k" .. i] = nil end
for _ in pairs(h) do keys = keys + 1 end
assert(keys == 2500)

-- numbers
assert(7 // 2 == 3 and -7 // 2 == -4 and 7 % -3 == -2)
assert(math.type(1) == "integer" and math.type(1.0) == "float")
assert(math.maxinteger + 1 == math.mininteger)
assert(1 << 62 == 4611686018427387904 and (-1) >> 63 == 1)
assert(3 / 2 == 1.5 and 2^10 == 1024.0)
assert(tostring(1e15) == "1e+15" and tostring(10 // 3.0) == "3.0")
assert(math.tointeger(3.0) == 3 and math.tointeger(3.5) == nil)
assert(tonumber("0x1p4") == 16.0 and tonumber("  42  ") == 42 and tonumber("z", 36) == 35)
assert(string.format("%.14g", 0.1 + 0.2) == "0.3")
assert(math.ult(1, -1) and math.abs(math.mininteger) == math.mininteger)

-- utf8
local u = "añ€😀"
assert(utf8.len(u) == 4 and #u == 10)
local cps = {}
for _, c in utf8.codes(u) do cps[#cps + 1] = c end
assert(cps[3] == 0x20AC and cps[4] == 0x1F600)
assert(utf8.char(72, 0x20AC) == "H€")
assert(utf8.offset(u, 3) == 4)

-- string.pack
local packed = string.pack("<i4 d s2 z", -5, 2.5, "str", "zero")
assert(#packed == 4 + 8 + 2 + 3 + 5)
local a, b, c, d = string.unpack("<i4 d s2 z", packed)
assert(a == -5 and b == 2.5 and c == "str" and d == "zero")
assert(string.packsize("i8 i2") == 10)

-- metatables
local V = {}
V.__index = V
V.__add = function(p, q) return setmetatable({x = p.x + q.x}, V) end
V.__eq = function(p, q) return p.x == q.x end
V.__tostring = function(p) return "V(" .. p.x .. ")" end
V.__len = function(p) return p.x end
V.__call = function(p, k) return p.x * k end
V.__lt = function(p, q) return p.x < q.x end
V.__concat = function(p, q) return tostring(p) .. tostring(q) end
local v1, v2 = setmetatable({x = 1}, V), setmetatable({x = 2}, V)
assert(tostring(v1 + v2) == "V(3)" and v1 + v2 == setmetatable({x = 3}, V))
assert(#v2 == 2 and v2(21) == 42 and v1 < v2 and v1 .. v2 == "V(1)V(2)")
local proxy = setmetatable({}, {__index = function(_, k) return k * 2 end,
                                __newindex = function(t2, k, v) rawset(t2, k, v + 1) end})
assert(proxy[21] == 42); proxy[1] = 1; assert(rawget(proxy, 1) == 2)

-- goto, varargs, closures
local i, acc = 0, 0
::top::
i = i + 1
if i % 2 == 0 then goto top end
acc = acc + i
if i < 99 then goto top end
assert(acc == 2500)
local function va(...)
  local n2 = select("#", ...)
  return n2, ...
end
assert(select("#", va(nil, nil)) == 3)
local counters = {}
for k = 1, 10 do counters[k] = function() k = k + 1; return k end end
assert(counters[3]() == 4 and counters[3]() == 5 and counters[4]() == 5)

-- load and string.dump
local f = load("local a, b = ... return a * b")
assert(f(6, 7) == 42)
local g = load(string.dump(function(x) return x .. "!" end))
assert(g("hi") == "hi!")
local env = {y = 5}
assert(load("return y * 2", "chunk", "t", env)() == 10)
local ok, err = load("return +")
assert(ok == nil and err:find("unexpected symbol"))
print("OK")

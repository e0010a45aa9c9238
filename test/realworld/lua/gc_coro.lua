-- Garbage collector (incremental and generational, weak tables,
-- finalizers, to-be-closed variables), coroutines and errors.

-- coroutines: generators, passing values both ways, status, wrap, errors
local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i) end
  end)
end
local sum = 0
for v in gen(1000) do sum = sum + v end
assert(sum == 500500)
local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
assert(select(2, coroutine.resume(co, 1, 2)) == 3)
assert(select(2, coroutine.resume(co, 10)) == 20)
assert(select(2, coroutine.resume(co, 3, 4)) == 7)
assert(coroutine.status(co) == "dead" and not coroutine.resume(co))
local bad = coroutine.create(function() error({code = 7}) end)
local ok, e = coroutine.resume(bad)
assert(not ok and e.code == 7)
-- yield across pcall, and many live coroutines
local inner = coroutine.wrap(function()
  local ok2, v = pcall(function() return coroutine.yield("in pcall") + 1 end)
  assert(ok2)
  coroutine.yield(v)
end)
assert(inner() == "in pcall" and inner(41) == 42)
local cos = {}
for i = 1, 2000 do
  cos[i] = coroutine.create(function(x) local y = coroutine.yield(x * 2); return y + i end)
  assert(select(2, coroutine.resume(cos[i], i)) == 2 * i)
end
for i = 1, 2000 do assert(select(2, coroutine.resume(cos[i], 1)) == i + 1) end
assert(coroutine.close(coroutine.create(function() end)))
-- deep recursion and stack overflow handling
local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
assert(depth(10000) == 10000)
local function inf(n) return inf(n + 1) + 1 end
local okso, so = pcall(inf, 1)
assert(not okso and tostring(so):find("stack overflow"))

-- errors
local okx, tb = xpcall(function() local t = nil; return t.x end, debug.traceback)
assert(not okx and tb:find("attempt to index") and tb:find("stack traceback"))
local oke, ee = pcall(error, setmetatable({}, {__tostring = function() return "custom" end}))
assert(not oke and tostring(ee) == "custom")
assert(select(2, pcall(error, "msg", 0)) == "msg")
local okn, en = pcall(function() return 1 + {} end)
assert(not okn and en:find("arithmetic"))

-- to-be-closed variables
local log = {}
do
  local a <close> = setmetatable({}, {__close = function() log[#log + 1] = "a" end})
  local b <close> = setmetatable({}, {__close = function() log[#log + 1] = "b" end})
end
assert(table.concat(log) == "ba")
local okc = pcall(function()
  local c <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = err and "err" or "c" end})
  error("boom")
end)
assert(not okc and log[3] == "err")

-- weak tables and finalizers, in both collector modes. Garbage is made in
-- helper functions: a dead register of the running function may still hold
-- the last object made, and the collector marks it.
local function fill_weak_keys(weak, strong)
  for i = 1, 3000 do
    local k = {}
    weak[k] = i
    if i % 3 == 0 then strong[#strong + 1] = k end
  end
end
local function make_finalized(n, counter)
  for _ = 1, n do setmetatable({}, {__gc = function() counter.n = counter.n + 1 end}) end
end
local function fill_weak_values(vals)
  for i = 1, 100 do vals[i] = {i} end
end
for _, mode in ipairs({"incremental", "generational", "incremental"}) do
  collectgarbage(mode)
  local weak = setmetatable({}, {__mode = "k"})
  local strong = {}
  fill_weak_keys(weak, strong)
  collectgarbage(); collectgarbage()
  local n = 0
  for _ in pairs(weak) do n = n + 1 end
  assert(n == 1000, mode .. ": " .. n)
  local finalized = {n = 0}
  make_finalized(500, finalized)
  collectgarbage(); collectgarbage()
  assert(finalized.n == 500, mode .. ": " .. finalized.n)
  local vals = setmetatable({}, {__mode = "v"})
  fill_weak_values(vals)
  collectgarbage()
  assert(next(vals) == nil)
end
-- resurrection by a finalizer, and garbage churn with strings and closures
local saved
local function make_phoenix()
  setmetatable({name = "phoenix"}, {__gc = function(o) saved = o end})
end
make_phoenix()
collectgarbage()
assert(saved and saved.name == "phoenix")
local keep = {}
for i = 1, 200000 do
  local s = "str" .. i
  local f = function() return s end
  if i % 1000 == 0 then keep[#keep + 1] = f end
end
assert(#keep == 200 and keep[200]() == "str200000")
assert(collectgarbage("count") > 0)
collectgarbage("step", 0)
print("OK")

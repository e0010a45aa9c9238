-- io and os libraries: files (write, read formats, lines, seek), popen,
-- tmpname, date/time.
local name = os.tmpname()
local f = assert(io.open(name, "w"))
for i = 1, 1000 do f:write(i, " ", i * 0.5, "\n") end
f:write("last line without newline")
f:close()

f = assert(io.open(name, "r"))
local total = 0
for _ = 1, 1000 do
  local a, b = f:read("n", "n")
  total = total + a + b
end
assert(total == 500500 * 1.5)
assert(f:read("l") == "")
assert(f:read("a") == "last line without newline")
assert(f:read("a") == "" and f:read("l") == nil)
assert(f:seek("set", 2) == 2 and f:read(3) == "0.5")
local size = f:seek("end")
f:close()

local n = 0
for l in io.lines(name) do n = n + 1 end
assert(n == 1001)
local chunks = 0
for c in io.lines(name, 4096) do chunks = chunks + #c end
assert(chunks == size)
f = assert(io.open(name, "a+")); f:write("\nappended"); f:close()
local data = assert(io.open(name, "rb")):read("a")
assert(data:sub(-9) == "\nappended")
assert(os.remove(name))
assert(io.open(name) == nil)

local p = assert(io.popen("echo popen works; exit 3"))
assert(p:read("l") == "popen works")
local ok, how, code = p:close()
assert(not ok and how == "exit" and code == 3)

local t = os.time({year = 2024, month = 2, day = 29, hour = 12})
local d = os.date("*t", t)
assert(d.year == 2024 and d.month == 2 and d.day == 29 and d.yday == 60)
assert(os.date("!%Y-%m-%d", 0) == "1970-01-01")
assert(os.difftime(t + 60, t) == 60.0)
assert(type(os.clock()) == "number" and os.getenv("HOME") ~= nil or true)
assert(os.getenv("SLEUTH_NO_SUCH_VARIABLE") == nil)
print("OK")

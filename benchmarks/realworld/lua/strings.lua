-- strings.lua: string building. Concatenation in loops, table.concat of
-- many pieces, string.format, string.rep, gsub with a function, gmatch over
-- the result, and a string-keyed counting table. Many short-lived strings
-- of all sizes: the interpreter's string allocator and hashing.
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed // 65536) % n
end

local words = {}
for i = 1, 600 do
  local w = {}
  for j = 1, 3 + rnd(9) do w[j] = string.char(97 + rnd(26)) end
  words[i] = table.concat(w)
end

local hash = 0
for round = 1, 240 do
  -- a line at a time with .., then the lines joined with table.concat
  local lines = {}
  for l = 1, 400 do
    local s = ""
    for _ = 1, 8 do s = s .. words[1 + rnd(#words)] .. " " end
    lines[l] = string.format("%04d:%s|%d", l, s, #s)
  end
  local text = table.concat(lines, "\n")
  -- rewrite every word through a function, count the words
  local counts = {}
  local rewritten = text:gsub("%a+", function(w)
    counts[w] = (counts[w] or 0) + 1
    if #w > 6 then return w:upper() end
    return w:rep(2)
  end)
  local n = 0
  for w, c in pairs(counts) do n = n + c * #w end
  for num in rewritten:gmatch("|(%d+)") do n = n + tonumber(num) end
  hash = (hash * 31 + n + #rewritten) % 1000000007
end
print(string.format("strings hash=%d", hash))

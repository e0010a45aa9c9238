-- binary_trees.lua: the classic allocation benchmark on Lua tables. Complete
-- binary trees of {left, right} tables, depth 4..N, built, checked and
-- dropped; one long-lived tree. Measures the interpreter's allocator traffic
-- (every table is a malloc'ed header plus an array part) and the GC.
local function bottom_up(depth)
  if depth == 0 then return {} end
  depth = depth - 1
  return { bottom_up(depth), bottom_up(depth) }
end

local function check(tree)
  if tree[1] then return 1 + check(tree[1]) + check(tree[2]) end
  return 1
end

local N = tonumber(arg and arg[1]) or 15
local maxdepth = math.max(6, N)
local total = check(bottom_up(maxdepth + 1))
local long_lived = bottom_up(maxdepth)
for depth = 4, maxdepth, 2 do
  local iters = 1 << (maxdepth - depth + 4)
  local c = 0
  for _ = 1, iters do c = c + check(bottom_up(depth)) end
  total = total + c
end
total = total + check(long_lived)
print(string.format("binary_trees depth=%d total=%d", maxdepth, total))

-- tables.lua: table churn. A hash-keyed store of small records ({id, name,
-- tags = {...}}) with inserts, updates that replace records, deletes
-- (set to nil) and periodic rebuilds; array tables grown with
-- table.insert, shrunk with table.remove, sorted with a comparator. Small
-- tables created and dropped all the time: allocation, rehash, GC.
local seed = 424242
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed // 65536) % n
end

local store, live = {}, 0
local sum = 0
for round = 1, 40 do
  for _ = 1, 6000 do
    local k = "k" .. rnd(20000)
    if store[k] == nil then live = live + 1 end
    local tags = {}
    for t = 1, 1 + rnd(4) do tags[t] = rnd(100) end
    store[k] = { id = rnd(1000000), name = k, tags = tags }
  end
  for _ = 1, 3000 do
    local k = "k" .. rnd(20000)
    if store[k] ~= nil then store[k] = nil; live = live - 1 end
  end
  local arr = {}
  for _, rec in pairs(store) do
    if rec.id % 3 == 0 then table.insert(arr, rec) end
  end
  table.sort(arr, function(a, b)
    if a.id ~= b.id then return a.id < b.id end
    return a.name < b.name
  end)
  while #arr > 100 do
    local rec = table.remove(arr)
    sum = (sum + rec.id + #rec.tags) % 1000000007
  end
  for i = 1, #arr do sum = (sum + arr[i].tags[1] * i) % 1000000007 end
  if round % 10 == 0 then
    local copy = {}
    for k, v in pairs(store) do copy[k] = v end
    store = copy
  end
end
print(string.format("tables live=%d sum=%d", live, sum))

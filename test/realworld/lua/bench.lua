-- Benchmark-game programs at modest sizes, with their published results:
-- binary trees, fannkuch-redux, n-body, spectral norm; plus string building.

-- binary trees: allocation-heavy (every node is a table)
local function bottom_up(d)
  if d == 0 then return {} end
  d = d - 1
  return {bottom_up(d), bottom_up(d)}
end
local function check(t)
  if t[1] then return 1 + check(t[1]) + check(t[2]) end
  return 1
end
local maxdepth = 14
assert(check(bottom_up(maxdepth + 1)) == 2 ^ (maxdepth + 2) - 1)
local long_lived = bottom_up(maxdepth)
for d = 4, maxdepth, 2 do
  local iters = 1 << (maxdepth - d + 4)
  local c = 0
  for _ = 1, iters do c = c + check(bottom_up(d)) end
  assert(c == iters * (2 ^ (d + 1) - 1))
end
assert(check(long_lived) == 2 ^ (maxdepth + 1) - 1)

-- fannkuch-redux n=9: checksum 8629, max flips 30
local function fannkuch(n)
  local p, q, s, sign, maxflips, sum = {}, {}, {}, 1, 0, 0
  for i = 1, n do p[i] = i; q[i] = i; s[i] = i end
  repeat
    local q1 = p[1]
    if q1 ~= 1 then
      for i = 2, n do q[i] = p[i] end
      local flips = 1
      while true do
        local qq = q[q1]
        if qq == 1 then
          sum = sum + sign * flips
          if flips > maxflips then maxflips = flips end
          break
        end
        q[q1] = q1
        if q1 >= 4 then
          local i, j = 2, q1 - 1
          repeat q[i], q[j] = q[j], q[i]; i = i + 1; j = j - 1 until i >= j
        end
        q1 = qq; flips = flips + 1
      end
    end
    if sign == 1 then
      p[2], p[1] = p[1], p[2]; sign = -1
    else
      p[2], p[3] = p[3], p[2]; sign = 1
      for i = 3, n do
        local sx = s[i]
        if sx ~= 1 then s[i] = sx - 1; break end
        if i == n then return sum, maxflips end
        s[i] = i
        local t = p[1]; for j = 1, i do p[j] = p[j + 1] end; p[i + 1] = t
      end
    end
  until false
end
local fsum, fflips = fannkuch(9)
assert(fsum == 8629 and fflips == 30, fsum .. " " .. fflips)

-- n-body, 1000 steps: energy -0.169075164 before, -0.169087605 after
local PI, SOLAR_MASS, DAYS = math.pi, 4 * math.pi * math.pi, 365.24
local bodies = {
  {x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0, mass = SOLAR_MASS},
  {x = 4.84143144246472090e+00, y = -1.16032004402742839e+00, z = -1.03622044471123109e-01,
   vx = 1.66007664274403694e-03 * DAYS, vy = 7.69901118419740425e-03 * DAYS,
   vz = -6.90460016972063023e-05 * DAYS, mass = 9.54791938424326609e-04 * SOLAR_MASS},
  {x = 8.34336671824457987e+00, y = 4.12479856412430479e+00, z = -4.03523417114321381e-01,
   vx = -2.76742510726862411e-03 * DAYS, vy = 4.99852801234917238e-03 * DAYS,
   vz = 2.30417297573763929e-05 * DAYS, mass = 2.85885980666130812e-04 * SOLAR_MASS},
  {x = 1.28943695621391310e+01, y = -1.51111514016986312e+01, z = -2.23307578892655734e-01,
   vx = 2.96460137564761618e-03 * DAYS, vy = 2.37847173959480950e-03 * DAYS,
   vz = -2.96589568540237556e-05 * DAYS, mass = 4.36624404335156298e-05 * SOLAR_MASS},
  {x = 1.53796971148509165e+01, y = -2.59193146099879641e+01, z = 1.79258772950371181e-01,
   vx = 2.68067772490389322e-03 * DAYS, vy = 1.62824170038242295e-03 * DAYS,
   vz = -9.51592254519715870e-05 * DAYS, mass = 5.15138902046611451e-05 * SOLAR_MASS},
}
local function advance(nb, dt)
  for i = 1, nb do
    local bi = bodies[i]
    for j = i + 1, nb do
      local bj = bodies[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * math.sqrt(d2))
      local bm, bjm = bi.mass * mag, bj.mass * mag
      bi.vx = bi.vx - dx * bjm; bi.vy = bi.vy - dy * bjm; bi.vz = bi.vz - dz * bjm
      bj.vx = bj.vx + dx * bm; bj.vy = bj.vy + dy * bm; bj.vz = bj.vz + dz * bm
    end
  end
  for i = 1, nb do
    local b = bodies[i]
    b.x = b.x + dt * b.vx; b.y = b.y + dt * b.vy; b.z = b.z + dt * b.vz
  end
end
local function energy(nb)
  local e = 0
  for i = 1, nb do
    local b = bodies[i]
    e = e + 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
    for j = i + 1, nb do
      local c = bodies[j]
      local dx, dy, dz = b.x - c.x, b.y - c.y, b.z - c.z
      e = e - b.mass * c.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end
local px, py, pz = 0, 0, 0
for _, b in ipairs(bodies) do px = px + b.vx * b.mass; py = py + b.vy * b.mass; pz = pz + b.vz * b.mass end
bodies[1].vx, bodies[1].vy, bodies[1].vz = -px / SOLAR_MASS, -py / SOLAR_MASS, -pz / SOLAR_MASS
assert(string.format("%0.9f", energy(#bodies)) == "-0.169075164")
for _ = 1, 1000 do advance(#bodies, 0.01) end
assert(string.format("%0.9f", energy(#bodies)) == "-0.169087605")
assert(PI > 3)

-- spectral norm, n=100: 1.274219991
local function A(i, j)
  local ij = i + j - 1
  return 1.0 / (ij * (ij - 1) * 0.5 + i)
end
local function Av(x, y, N)
  for i = 1, N do
    local a = 0
    for j = 1, N do a = a + x[j] * A(i, j) end
    y[i] = a
  end
end
local function Atv(x, y, N)
  for i = 1, N do
    local a = 0
    for j = 1, N do a = a + x[j] * A(j, i) end
    y[i] = a
  end
end
local function AtAv(x, y, t, N) Av(x, t, N); Atv(t, y, N) end
local N = 100
local u, v, t = {}, {}, {}
for i = 1, N do u[i] = 1 end
for _ = 1, 10 do AtAv(u, v, t, N); AtAv(v, u, t, N) end
local vBv, vv = 0, 0
for i = 1, N do
  local ui, vi = u[i], v[i]
  vBv = vBv + ui * vi; vv = vv + vi * vi
end
assert(string.format("%0.9f", math.sqrt(vBv / vv)) == "1.274219991")

-- string building and hashing of many short strings
local parts = {}
for i = 1, 100000 do parts[i] = string.format("%05d:%s", i % 99991, ("x"):rep(i % 17)) end
local text = table.concat(parts, "\n")
local counts = {}
for line in text:gmatch("[^\n]+") do
  local k = line:sub(1, 5)
  counts[k] = (counts[k] or 0) + 1
end
local distinct = 0
for _ in pairs(counts) do distinct = distinct + 1 end
assert(distinct == 99991)
print("OK")

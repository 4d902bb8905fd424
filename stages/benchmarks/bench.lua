-- stages/benchmarks/bench.lua - what the benchmark stage files share (a module: `require("bench")`
-- from a script in this directory).  Units SI.
--
-- Points: a stage file runs its full sweep unless the global BENCHMARK_POINTS says otherwise,
-- "short" (the few points `make test` checks, tests/test_benchmarks.c) or "tiny" (the fewest,
-- under valgrind).  A wrapper script sets it and requires the stage file:
--     BENCHMARK_POINTS = "short"; require("chung_ooi_normal")
--
-- Conventions of the impacts: body A is a wall (the rigid plane of the papers) or the first
-- sphere, B a sphere on A's +x side; the contact normal is x (A to B).  A sphere's contact point
-- is at -r x from its centre (B) or +r x (A), so its velocity is v + w x (-r x) = v - r (0, wz, -wy)
-- (B).  leverArm = "radius": the branches end at each sphere's radius, the convention of the
-- rigid-body theory the results are compared with (docs/stage-scripts.md, Lever arm).
local M = {}

M.points = BENCHMARK_POINTS or "full"
assert(M.points == "full" or M.points == "short" or M.points == "tiny",
       "BENCHMARK_POINTS must be full, short or tiny, not " .. tostring(M.points))

-- the no-slip reference runs (one per point) are left out of "tiny" (their columns then NaN)
M.noslip = M.points ~= "tiny"

-- the list for the current points setting
function M.pick(full, short, tiny)
  if M.points == "tiny" then return tiny end
  if M.points == "short" then return short end
  return full
end

-- The rigid plane of Chung & Ooi (E = infinity): a material with young = math.huge is rigid and
-- adds nothing to 1/E* and 1/G*, so E* = E/(1 - nu^2) and G* = E/(2 (1 + nu)(2 - nu)) of the
-- sphere alone (docs/laws.md, "Effective moduli and rigid bodies").  Returns the plane's material
-- and the law parameters to add (none: the law takes E* and G* from the two materials).
function M.rigid_plane(mat)
  return { young = math.huge, poisson = mat.poisson, density = mat.density, tanPhi = mat.tanPhi }, {}
end

function M.sphere_mass(rho, r) return rho * 4 / 3 * math.pi * r ^ 3 end

-- Hertz's elastic impact at relative normal speed v [Hertz 1882], docs/references.md:
--   K = (4/3) E* sqrt(R*), delta_max = (15 m* v^2/(16 E* sqrt(R*)))^(2/5),
--   F_max = K delta_max^(3/2), t_c = 2.868266 (m*^2/(R* E*^2 v))^(1/5).
function M.hertz(estar, rstar, mstar, v)
  local K = 4 / 3 * estar * math.sqrt(rstar)
  local dmax = (15 * mstar * v * v / (16 * estar * math.sqrt(rstar))) ^ 0.4
  return { K = K, dmax = dmax, fmax = K * dmax ^ 1.5,
           tc = 2.868266 * (mstar * mstar / (rstar * estar * estar * v)) ^ 0.2 }
end

-- hertz_mindlin's Tsuji dashpot set to restitution en (unclipped) maps the impact onto a damped
-- linear oscillator (laws/hertz_mindlin.c): zeta = -ln en/sqrt(pi^2 + ln^2 en), w = sqrt(1 - zeta^2);
-- the force changes sign at s_f = (2/w) atan(w/zeta), at the velocity ratio e_f = exp(-zeta s_f)
-- >= en, and the tensile tail after it brings the normal speed from e_f v down to en v.  So the
-- impulse of |Fn| is m* v (1 + 2 e_f - en), not the rigid body's m* v (1 + en): the law's
-- friction mu |Fn| acts on the whole of it (docs/verify.md, Chung & Ooi test 4).  Returns e_f.
function M.tsuji_ef(en)
  if en >= 1 then return 1 end
  local l = math.log(en)
  local zeta = -l / math.sqrt(math.pi * math.pi + l * l)
  local w = math.sqrt(1 - zeta * zeta)
  return math.exp(-zeta * (2 / w) * math.atan(w / zeta))
end

-- a copy of t with the entries of u added
function M.merge(t, u)
  local r = {}
  for k, v in pairs(t) do r[k] = v end
  for k, v in pairs(u or {}) do r[k] = v end
  return r
end

-- One impact of free (or wall) bodies from their initial velocities, to the rebound.
-- spec: name, params (law parameters), materials, A, B (particle tables with vel, angvel),
-- vn (approach speed, m/s, for the gap: touch half a step away), dt, sample (optional: a
-- function(C, stage) called every step in contact), law (default hertz_mindlin).
-- Returns lawtester.run's results.
function M.impact(spec)
  local test = {
    name = spec.name, law = spec.law or "hertz_mindlin", record = false,
    params = spec.params, materials = spec.materials, particles = { spec.A, spec.B },
    gap = spec.vn * spec.dt / 2, dt = spec.dt, leverArm = "radius",
    stages = { { whats = "......", values = { 0, 0, 0, 0, 0, 0 }, till = "stage.rebound" } },
  }
  if spec.sample then
    local f = spec.sample
    test.stages[1].till = function(C, stage)
      if C then f(C, stage) end
      return stage.rebound
    end
  end
  local r = lawtester.run(test)
  -- the bodies are free (nothing imposed: the driver's work is 0), so the balance is measured
  -- against the kinetic energy the bodies leave with
  local scale = math.abs(r.E.work) + r.E.kin
  assert(math.abs(r.E.balance_err) <= 1e-9 * scale,
         string.format("%s: energy balance %.3g of the kinetic energy", spec.name, r.E.balance_err / scale))
  return r
end

-- The relative velocity of B's contact point with respect to A's (a wall: 0), tangential
-- components y, z, and the normal component x, from the bodies after a run (rA = 0 for a wall).
function M.contact_velocity(res, rA, rB)
  local vA, wA, vB, wB = res.A.vel, res.A.angvel, res.B.vel, res.B.angvel
  -- A's contact point at +rA x: vA + wA x (rA x) = vA + rA (0, wAz, -wAy)
  local ay, az = vA[2] + rA * wA[3], vA[3] - rA * wA[2]
  -- B's contact point at -rB x: vB - rB (0, wBz, -wBy)
  local by, bz = vB[2] - rB * wB[3], vB[3] + rB * wB[2]
  return vB[1] - vA[1], by - ay, bz - az
end

-- Write DIR/name (the -o directory) when there is one; the table is printed either way.
function M.write(name, lines)
  local text = table.concat(lines, "\n") .. "\n"
  if not pcall(lawtester.write, name, text) then
    print(string.format("(%s not written: run with -o DIR)", name))
  end
end

-- A row of numbers, tab-separated, shortest exact form of each ("%.17g")
function M.row(...)
  local t = {}
  for i, v in ipairs({ ... }) do t[i] = type(v) == "number" and string.format("%.17g", v) or tostring(v) end
  return table.concat(t, "\t")
end

return M

-- stages/energy_study.lua - the slip-dissipation study of docs/energy.md.
--
-- Runs the linear law with every candidate dissipation formula on five paths of an
-- elastic-perfectly-plastic tangential spring, at time steps halving from 1 mm in 125 steps to
-- 1 mm in 8000 steps, and compares the recorded `plast` with the exact dissipation of the
-- continuous problem (displacements linear within each step):
--   onset      shear from rest to 2 mm at constant overlap: slip starts inside a step,
--              exact fy (u - fy/kt)
--   sliding    1 mm more of shear on the yield surface: exact fy du
--   combined   shear 1 mm while the overlap falls from 1 mm to 0.5 mm: exact
--              (fy0 + fy1)/2 du + (fy0^2 - fy1^2)/(2 kt)
--   unloading  normal unloading from 0.5 mm to 0.2 mm at fixed tangential displacement:
--              exact (fy0^2 - fy1^2)/(2 kt)
--   csu        the compress-shear-unload test (1 mm, 3 mm of shear, unload to 0.2 mm):
--              exact fy0 (3e-3 - fy0/kt) + (fy0^2 - fy1^2)/(2 kt)
-- Both particles are fixed (no spin), v = 1 m/s unless stated, stages end on step counts so
-- the displacements are exact multiples of v dt.  Output (with -o DIR): DIR/energy-study.tsv
-- (one row per formula, path and time step: error, observed order, energy balance) and
-- DIR/energy-study.md (the table of docs/energy.md).  `make energy-study` runs it and plots.
-- Units SI.
local kn, kt, mu = 1e6, 5e5, math.tan(0.5)
local formulas = { "trapezoid", "path", "doc", "code", "potential" }
local resolutions = { 125, 250, 500, 1000, 2000, 4000, 8000 }   -- steps per mm at 1 m/s

local function steps(n) return "stage.step >= " .. n end

local function base(formula, N, stages)
  return {
    name = "energy-study", law = "linear", record = false,
    params = { kn = kn, kt = kt, tanPhi = mu, dissipation = formula },
    particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } },
    normal = {1, 1, 1}, gap = 0, dt = 1e-3 / N,
    stages = stages,
  }
end

-- run the five-stage path, return plast at the end of each stage and the balance error
local function run_paths(formula, N)
  local marks = {}
  local function mark(C, stage, E) marks[#marks + 1] = E.plast end
  local st = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, till = steps(N), done = mark },          -- compress 1 mm
    { whats = "vv....", values = {0, 1, 0,0,0,0}, till = steps(2 * N), done = mark },      -- onset
    { whats = "vv....", values = {0, 1, 0,0,0,0}, till = steps(N), done = mark },          -- sliding
    { whats = "vv....", values = {0.5, 1, 0,0,0,0}, till = steps(N), done = mark },        -- combined
    { whats = "vv....", values = {0.3, 0, 0,0,0,0}, till = steps(N), done = mark },        -- unloading
  }
  local r = lawtester.run(base(formula, N, st))
  return marks, r.E.balance_err / r.E.work
end

local function run_csu(formula, N)
  local st = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, till = steps(N) },
    { whats = "vv....", values = {0, 1, 0,0,0,0}, till = steps(3 * N) },
    { whats = "vv....", values = {0.8, 0, 0,0,0,0}, till = steps(N) },
  }
  local r = lawtester.run(base(formula, N, st))
  return r.E.plast, r.E.balance_err / r.E.work
end

local fy0, fyh, fy2 = mu * kn * 1e-3, mu * kn * 0.5e-3, mu * kn * 0.2e-3
local exact = {
  onset = fy0 * (2e-3 - fy0 / kt),
  sliding = fy0 * 1e-3,
  combined = (fy0 + fyh) / 2 * 1e-3 + (fy0 ^ 2 - fyh ^ 2) / (2 * kt),
  unloading = (fyh ^ 2 - fy2 ^ 2) / (2 * kt),
  csu = fy0 * (3e-3 - fy0 / kt) + (fy0 ^ 2 - fy2 ^ 2) / (2 * kt),
}
local paths = { "onset", "sliding", "combined", "unloading", "csu" }

local rows = { "formula\tpath\tsteps_per_mm\tdt\texact\tobtained\trel_err\torder\tbalance_rel" }
local err = {}   -- err[formula][path][N]
for _, f in ipairs(formulas) do
  err[f] = {}
  for _, p in ipairs(paths) do err[f][p] = {} end
  for _, N in ipairs(resolutions) do
    local marks, bal = run_paths(f, N)
    local got = { onset = marks[2] - marks[1], sliding = marks[3] - marks[2],
                  combined = marks[4] - marks[3], unloading = marks[5] - marks[4] }
    local bals = { onset = bal, sliding = bal, combined = bal, unloading = bal }
    got.csu, bals.csu = run_csu(f, N)
    for _, p in ipairs(paths) do
      local e = math.abs(got[p] - exact[p]) / exact[p]
      err[f][p][N] = e
      local prev = err[f][p][N // 2]
      local order = (prev and prev > 1e-13 and e > 1e-13) and math.log(prev / e, 2) or 0 / 0
      rows[#rows + 1] = string.format("%s\t%s\t%d\t%.17g\t%.17g\t%.17g\t%.3e\t%.3f\t%.3e",
                                      f, p, N, 1e-3 / N, exact[p], got[p], e, order, bals[p])
    end
  end
end
lawtester.write("energy-study.tsv", table.concat(rows, "\n") .. "\n")

-- the markdown table: error at 1000 steps per mm, observed order between 4000 and 8000
local md = { "| formula | onset | sliding | combined | unloading | compress-shear-unload | balance (csu) |",
             "|---|---|---|---|---|---|---|" }
local function cell(e, e_coarse)
  if e < 1e-12 then return string.format("%.0e (round-off)", e) end
  return string.format("%.2e (p = %.2f)", e, math.log(e_coarse / e, 2))
end
for _, f in ipairs(formulas) do
  local line = { "| " .. f }
  for _, p in ipairs(paths) do line[#line + 1] = cell(err[f][p][1000], err[f][p][500]) end
  local _, bal = run_csu(f, 1000)
  line[#line + 1] = string.format("%.1e", math.abs(bal))
  md[#md + 1] = table.concat(line, " | ") .. " |"
end
lawtester.write("energy-study.md", table.concat(md, "\n") .. "\n")
print(table.concat(md, "\n"))

-- stages/md_incidence.lua - the oblique elastic impact of an alumina sphere on a soda-lime glass
-- wall (kappa = 4 G* / E* = 0.8591) from stick to gross sliding, with each tangential rule of
-- hertz_mindlin: rescale (Thornton's kt ratio on unloading), md (Mindlin-Deresiewicz by the
-- method of dimensionality reduction: the problem of Maw, Barber & Fawcett 1976) and
-- incremental (never rescaled).  docs/laws.md shows the table and plots/_md_incidence.gp the plot.
--   incidence psi = tan(theta)/mu, theta from the normal (vt/vn = tan(theta), no spin before);
--   measured: vc'/vc, the tangential velocity of the contact point after over before,
--   vc = the contact point's velocity along the centre's tangential velocity (B on the +x side
--   of the wall, the contact point at -r x from its centre).
-- Gross sliding throughout gives vc'/vc = 1 - 3.5 mu (1 + e)/tan(theta) (e = 1 here); no slip
-- (psi -> 0) the superposition's 0.2825.  md at 160 cells (mdCells' default) and 80 cells shows
-- the resolution; 4000 steps per contact.  Output (with -o DIR): DIR/md-incidence.tsv and
-- DIR/md-incidence.md (the table of docs/laws.md).  `make md-incidence` runs it and plots
-- (plots/_md_incidence.gp).
-- Units SI.
local alumina = { young = 3.8e11, poisson = 0.23, density = 4000, tanPhi = 0.3 }
local glass = { young = 7.0e10, poisson = 0.25, density = 2500, tanPhi = 0.3 }
local mu, r, vn = 0.3, 2.5e-3, 1e-3
local m = 4000 * 4 / 3 * math.pi * r ^ 3
local e1 = 1 / ((1 - 0.23 ^ 2) / 3.8e11 + (1 - 0.25 ^ 2) / 7.0e10)
local K = 4 / 3 * e1 * math.sqrt(r)
local tc = 3.2145 * (m * m / (K * K * vn)) ^ 0.2      -- the elastic contact time
local steps = 4000

local function impact(rule, cells, psi)
  local vt, dt = psi * mu * vn, tc / steps
  local res = lawtester.run{
    name = "md-incidence", law = "hertz_mindlin", record = false,
    params = { tangential = rule, mdCells = cells, tanPhi = mu },
    materials = { alumina = alumina, glass = glass },
    particles = { { shape = "wall", material = "glass" },
                  { radius = r, material = "alumina" } },
    gap = vn * dt / 2, dt = dt,
    -- the velocities imposed on the first step (no spin): their work is the kinetic energy
    stages = { { whats = "ii....", values = { -vn, vt, 0, 0, 0, 0 }, till = "stage.rebound" } },
  }
  -- the normal is x (A to B); the contact point B - r x moves at v - r w x n = v - r (0, wz, -wy);
  -- its tangential part along t, the direction of the centre's tangential velocity (friction
  -- slows the centre but cannot reverse it: vt' >= vt (1 - 2/3.5) > 0)
  local v, w = res.B.vel, res.B.angvel
  local tn = math.sqrt(v[2] ^ 2 + v[3] ^ 2)
  local vc = ((v[2] - r * w[3]) * v[2] + (v[3] + r * w[2]) * v[3]) / tn
  assert(math.abs(res.E.balance_err) <= 1e-9 * res.E.work, "energy balance")
  return vc / vt, v[1] / vn
end

local psis = { 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10 }
local rows = { "psi\tmd\tmd80\trescale\tincremental\tgross" }
local md = { "| psi = tan(theta)/mu | md (MBF) | md, 80 cells | rescale | incremental | gross sliding |",
             "|---|---|---|---|---|---|" }
local worst = { rescale = 0, incremental = 0 }
for _, psi in ipairs(psis) do
  local q_md, en = impact("md", 160, psi)
  local q_80 = impact("md", 80, psi)
  local q_rs = impact("rescale", 160, psi)
  local q_in = impact("incremental", 160, psi)
  local gross = 1 - 3.5 * (1 + en) / psi
  rows[#rows + 1] = string.format("%g\t%.8f\t%.8f\t%.8f\t%.8f\t%.8f", psi, q_md, q_80, q_rs, q_in, gross)
  md[#md + 1] = string.format("| %g | %.4f | %.4f | %.4f | %.4f | %s |", psi, q_md, q_80, q_rs, q_in,
                              gross > -1 and string.format("%.4f", gross) or "-")
  worst.rescale = math.max(worst.rescale, math.abs(q_rs - q_md))
  worst.incremental = math.max(worst.incremental, math.abs(q_in - q_md))
end
-- the files need -o DIR (without it the table is printed only)
if pcall(lawtester.write, "md-incidence.tsv", table.concat(rows, "\n") .. "\n") then
  lawtester.write("md-incidence.md", table.concat(md, "\n") .. "\n")
end
print(table.concat(md, "\n"))
print(string.format("largest |vc'/vc - md|: rescale %.4f, incremental %.4f", worst.rescale, worst.incremental))

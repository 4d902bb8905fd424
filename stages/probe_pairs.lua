-- stages/probe_pairs.lua - yield probes of a `cohesive` bond that carries moments, on two pairs of
-- DoFs: (normal, bending) and (shear, twist).
--
-- The bond is Potyondy & Cundall's parallel bond on the law's Mohr-Coulomb surface with a tension
-- cut-off (docs/laws.md, cohesive): kn = 1e6 N/m, kt = 5e5 N/m, tan(phi) = 0.5, Rt = 40 N,
-- c = 30 N, bond radius R_b = 1 cm, kr = kn R_b^2/4 = 25 N m/rad, ktw = kt R_b^2/2 = 25 N m/rad,
-- from an overlap of 1e-5 m (Fn = -10 N).  Its strengths in the extreme fibre:
--   Fn + 4 |Mb|/R_b <= 40 N                      (normal-bending: a wedge with its tip at 40 N,
--                                                 |Mb| = (40 N - Fn) R_b/4: 0.125 N m at Fn = -10 N)
--   |Ft| + 2 |Mt|/R_b <= c - tan(phi) Fn = 35 N  (shear-twist at Fn = -10 N: a rhombus,
--                                                 |Ft| <= 35 N, |Mt| <= 0.175 N m)
-- Each pair is probed with 72 directions by displacement (limits {m, rad}) and by force
-- (control = "force": proportional force paths, limits {N, N m}); every recorded point (the last
-- elastic state) must lie within one step's force increment of the declared surface: the
-- script checks dsteps <= 1 for every direction and prints the largest.
-- --plot draws NAME-section.png: the points against the section of the surface through the start
-- state (plots/probe_pair/section.gp).  Units SI.
local bond = { kn = 1e6, kt = 5e5, tanPhi = 0.5, tensile = 40, cohesion = 30,
               bondRadius = 0.01, kr = 25, ktw = 25 }

local function probe(name, dofs, control, limit)
  local r = lawtester.probe_yield{
    name = name,
    test = { name = name, law = "cohesive", params = bond, gap = -1e-5,
             particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6 },
    dofs = dofs, control = control, limit = limit,
    directions = 72, steps = 2000,
  }
  local worst, yielded = 0, 0
  for _, p in ipairs(r.points) do
    if p.yielded then
      yielded = yielded + 1
      assert(p.dsteps <= 1, name .. ": a point beyond one increment of the surface")
      worst = math.max(worst, p.dsteps)
    end
  end
  print(string.format("%s: %d of 72 directions yielded, largest distance %.3f of a step's increment",
                      name, yielded, worst))
end

-- (normal, bend y): displacements up to 1e-4 m and 0.02 rad (100 N, 0.5 N m of elastic reach)
probe("cohesive-normal-bending", {1, 5}, "displacement", {1e-4, 0.02})
probe("cohesive-normal-bending-force", {1, 5}, "force", {100, 0.3})
-- (shear y, twist): up to 1e-4 m and 0.02 rad (50 N, 0.5 N m)
probe("cohesive-shear-twist", {2, 4}, "displacement", {1e-4, 0.02})
probe("cohesive-shear-twist-force", {2, 4}, "force", {70, 0.35})

-- stages/probe_yield.lua - yield-surface probes of the `cohesive`, `linear` and `spring_dashpot`
-- laws.
--
-- From an initial overlap, each probe loads the contact proportionally along 72 directions of the
-- (normal, shear) displacement plane - every 5 degrees: 0 pure tension, 90 pure shear, 180 pure
-- compression, in between compression-shear - until the law first yields (or the bond breaks) and
-- records that point; --plot draws the points against the law's analytic surface
-- (NAME-yield_points.png).  Each recorded point is the last elastic state, which lies within one
-- step's force increment dF of the surface (README "Yield probes"); the summary prints the
-- largest distance found and the bound.
--   cohesive-probe      Mohr-Coulomb with a tension cut-off, breaking: kn = 1e6 N/m,
--                       kt = 5e5 N/m, tan(phi) = 0.5, Rt = 40 N, c = 30 N, overlap 1e-5 m (Fn = -10 N)
--   cohesive-cap-probe  the same bond with the elliptic tension cap
--   linear-probe        the Coulomb cone of `linear` (kn = 1e6 N/m, kt = 5e5 N/m, tan(phi) = 0.5),
--                       overlap 1e-4 m (Fn = -100 N); directions within 45 degrees of pure
--                       compression never reach the cone (kt |sin| <= tan(phi) kn |cos|)
--   spring-dashpot-probe  the cone of `spring_dashpot` with its dashpots (zetaN = zetaT = 0.05,
--                       clipped): its limit is on the whole forces, dashpots included, which at
--                       the probe's constant velocity (0.05 m/s: dt = 1e-5 s) shift every ray by
--                       a constant force (about 12 N normal, 8 N tangential, against a 50 N
--                       limit); the same stiffnesses and overlap as linear-probe
-- Sharded: ./lawtester run stages/probe_yield.lua -o out --shard 1/2 (and 2/2), then
--          ./lawtester merge out/cohesive-probe.tsv out/cohesive-probe.shard-*-of-2.tsv  (README).
-- Units SI.
local function probe(name, law, params, overlap, limit, dt)
  return lawtester.probe_yield{
    name = name,
    test = { name = name, law = law, params = params, gap = -overlap,
             particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = dt or 1e-6 },
    directions = 72,
    limit = limit,     -- m along each direction; du = limit / steps per step
    steps = 2000,
  }
end

local bond = { kn = 1e6, kt = 5e5, tanPhi = 0.5, tensile = 40, cohesion = 30 }
probe("cohesive-probe", "cohesive", bond, 1e-5, 2e-4)
local cap = { kn = 1e6, kt = 5e5, tanPhi = 0.5, tensile = 40, cohesion = 30, surface = "elliptic" }
probe("cohesive-cap-probe", "cohesive", cap, 1e-5, 2e-4)
probe("linear-probe", "linear", { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, 1e-4, 1e-3)
probe("spring-dashpot-probe", "spring_dashpot",
      { kn = 1e6, kt = 5e5, tanPhi = 0.5, zetaN = 0.05, zetaT = 0.05, clip = true }, 1e-4, 1e-3, 1e-5)

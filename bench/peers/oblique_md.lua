-- bench/peers/oblique_md.lua - the oblique impact of `make bench-peers` in lawtester, tangential = "md":
-- the same physics as bench/peers/in.lammps and in.liggghts (docs/performance.md, "Against the
-- DEM codes").  SI units.  Two aluminium spheres, R = 10 mm, E = 70 GPa, nu = 0.3, 2700 kg/m^3,
-- tanPhi = 0.5; hertz_mindlin with en = 1 (no dashpot): F = 4/3 E* sqrt(R*) delta^1.5 with
-- E* = E / (2 (1 - nu^2)) and R* = R / 2 from the materials, as LAMMPS and LIGGGHTS mix them.
-- They meet at v = 1 m/s, each moving at v/2 (abWeight 0.5), and at vt = 0.5 m/s across
-- (B relative to A along -y, as the decks' atom 2 relative to atom 1); dt = 50 ps, so the
-- contact (about 61 us) outlasts the 1e6 steps: every step is in contact.  The touch half a step
-- after the start (gap = v dt / 2), a row every 1000 steps.  No gravity, free rotations.
-- Run: ./lawtester run bench/peers/oblique_md.lua -o out   (the runner edits `steps` for its quick mode)
local v, vt, dt = 1.0, 0.5, 5e-11                             -- m/s, m/s, s
local steps = 1000000
return {
  name = "peers-oblique_md", law = "hertz_mindlin", params = { en = 1, tangential = "md" },
  materials = { al = { young = 7e10, poisson = 0.3, density = 2700, tanPhi = 0.5 } },
  particles = { { radius = 0.01, material = "al" }, { radius = 0.01, material = "al" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "ii....", values = {-v, -vt, 0,0,0,0}, till = "stage.step >= " .. steps } },
  record = { every = 1000 },
}

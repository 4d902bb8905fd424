-- stages/compress_shear_unload.lua - the canonical path of the linear (Cundall) law:
-- compress to an overlap of 1 mm, shear by 3 mm at constant overlap (the contact slides once
-- |Ft| reaches tan(phi)|Fn|), then unload normally at fixed tangential displacement until the
-- contact opens; the tangential force follows the Coulomb line down.
-- Units SI. Run: ./lawtester run stages/compress_shear_unload.lua -o out --plot
return {
  name = "compress-shear-unload", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = math.tan(0.5) },  -- N/m, N/m, -: override the materials
  materials = { m = { young = 1e7, density = 2600, ktDivKn = 0.5, tanPhi = math.tan(0.5) } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" },
                { shape = "sphere", radius = 0.1, material = "m" } },
  normal = {0, 0, 1}, gap = 0,      -- direction A->B, initial distance minus radii (m)
  dt = 1e-6, abWeight = 1,          -- s; B takes all the imposed motion
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-3" },
    { whats = "vv....", values = {0, 1, 0,0,0,0}, till = "C.u[2] >= 3e-3" },
    { whats = "vv....", values = {1, 0, 0,0,0,0}, till = "not C" },
  },
  record = { every = 10 },
}

-- tests/scripts/lua_law_fresh.lua: nothing a Lua law leaves in lawtester's tables outlives its
-- contact or its run (docs/lua-laws.md).  The law keeps an incremental tangential spring (Fty)
-- and its step count (n) in its declared state, and also counts its calls in a key it adds to s
-- with rawset (the one way past the state's key check); a contact starts without that key, so
-- Fz = calls - n (N) stays 0.  The test presses and shears the pair, pulls it apart (the contact
-- breaks), presses and shears it again; the script runs it twice under two names, and
-- tests/test_lua_law.c checks Fz = 0 on every row, the second contact's first force equal to the
-- first's, and the two records equal byte for byte.
lawtester.law{ name = "fresh", summary = "a normal and a tangential spring that count their calls",
  params = { { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" } },
  state = { "Fty", "n" },
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    local calls = (rawget(s, "calls") or 0) + 1
    rawset(s, "calls", calls)
    s.n = s.n + 1
    s.Fty = s.Fty + 4e5 * c.v[2] * c.dt
    out.f[1], out.f[2], out.f[3] = p.kn * c.uN, s.Fty, calls - s.n
    out.k[1], out.k[2] = p.kn, 4e5
    return true
  end }
for run = 1, 2 do
  lawtester.run{ name = "fresh-" .. run, law = "fresh", particles = { { radius = 0.1 }, { radius = 0.1 } },
    normal = {0, 0, 1}, gap = 0, dt = 1e-6, abWeight = 1,
    stages = {
      { whats = "vv....", values = {-1, 0.5, 0,0,0,0}, till = "C and C.uN <= -1e-4" },
      { whats = "vv....", values = {1, -0.5, 0,0,0,0}, till = "not C" },
      { whats = "vv....", values = {-1, 0.5, 0,0,0,0}, till = "C and C.uN <= -1e-4" },
    },
    record = { every = 1 } }
end

-- tests/scripts/lua_law_long_state.lua: a Lua law with the most state a law may keep
-- (LT_MAX_STATE = 512 variables) and the most energies (8): every variable keeps its own history
-- (h_i grows by i each step in contact), read back after the run.  Its keys once outnumbered
-- what a C closure may carry (255 upvalues) and overran memory.
local names = {}
for i = 1, 512 do names[i] = "h" .. i end
local energies = {}
for i = 1, 8 do energies[i] = { name = "e" .. i, kind = i == 1 and "stored" or "dissipated", doc = "energy " .. i } end
lawtester.law{
  name = "longstate", summary = "a spring with a 512-value history (tests)",
  state = names, energies = energies,
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    for i = 1, 512 do local k = names[i]; s[k] = s[k] + i end
    out.f[1], out.k[1] = 1e6 * c.uN, 1e6
    out.e.e1 = 0.5e6 * c.uN * c.uN
    return true
  end,
}
local r = lawtester.run{
  name = "longstate", law = "longstate", record = false,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } },
}
local n = r.C.h1
assert(n >= 19 and n <= 20, "steps in contact: " .. tostring(n))
for i = 1, 512 do
  assert(r.C[names[i]] == i * n, names[i] .. " = " .. tostring(r.C[names[i]]) .. ", expected " .. i * n)
end

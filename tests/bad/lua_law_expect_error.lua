-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_expect_error.lua:11: law 'badexpect': case 'imp' expect: attempt to index a nil value (field 'nothing')
-- an impact case whose closed form raises: verify_law ends with one line at the line in `expect`
lawtester.law{
  name = "badexpect", summary = "linear spring",
  step = function(p, c, s, out) out.f[1] = 1e6 * c.uN; out.k[1] = 1e6; return c.uN <= 0 end,
  cases = {
    { name = "imp", doc = "an impact", kind = "impact", radius = 0.1, load = { vn = 1 }, steps = 100,
      expect = function(env)
        return { e = { value = 1, tol = 1e-3, why = "x" .. env.nothing.here } }
      end },
  },
}
lawtester.verify_law("badexpect", { quiet = true })

-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_no_contact.lua:5: field test: no contact at the probe's initial state (give gap < 0, or stages that end in contact)
-- a yield probe whose initial state has no contact: a gap and no stages to close it
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = 1e-5 },
  directions = 8, limit = 1e-4,
}

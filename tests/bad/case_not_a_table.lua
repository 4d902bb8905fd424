-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_not_a_table.lua:5: a case file returns a table { cases = {...} } (docs/case-scripts.md), got string
-- a case file must return a table of cases, not a test run's name
return "linear-shear-cycle"

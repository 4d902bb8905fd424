-- a case file must return a table of cases, not a test run's name
return "linear-shear-cycle"

-- a name of lawtester's own kind: a script must not forge a sidecar or a partial record
lawtester.write("t.meta", "status\tcomplete\n")

-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/write_meta_name.lua:5: lawtester.write: 't.meta': names ending in .meta are lawtester's own (records' sidecars, partial records, temporary files)
-- a name of lawtester's own kind: a script must not forge a sidecar or a partial record
lawtester.write("t.meta", "status\tcomplete\n")

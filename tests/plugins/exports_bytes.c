/* tests/plugins/exports_bytes.c - lt_plugin_laws as 12 bytes of text: its ELF symbol's size is no
 * whole number of pointers.  Refused in one line (docs/plugins.md), nothing of it read. */
const char lt_plugin_laws[12] = "hooke_law";

/* src/contact/builtin_laws.h - what a line of laws/laws.def names: the descriptor of a built-in
 * law, by the line's form.
 *   LT_LAW(NAME)          the descriptor `const lt_law lt_law_NAME` (every law of the tree);
 *   LT_BUILTIN_LAW(NAME)  the form written before, `const lt_law law_NAME`: a law written by the
 *                         earlier guide keeps its descriptor's name and its line, and loads.
 * Both expand to LT_BUILTIN_EACH(DESCRIPTOR, NAME), which whoever includes laws/laws.def defines
 * first (a declaration, a count, a table row) and undefines after. */
#ifndef LT_BUILTIN_LAWS_H
#define LT_BUILTIN_LAWS_H

#define LT_LAW(name) LT_BUILTIN_EACH(lt_law_##name, name)
#define LT_BUILTIN_LAW(name) LT_BUILTIN_EACH(law_##name, name)

#endif

/* src/lua/srclex.h - a Lua 5.4 lexer for locating things in a script's text (src/lua/srcloc.c).
 *
 * Tokens as Lua's own lexer (llex.c) makes them, with their lines: names and keywords, short
 * strings with their escapes, long strings and comments of any level (`[==[ ... ]==]`), numerals,
 * and every operator.  A line ends at `\n`, `\r`, `\r\n` or `\n\r` (one line each); a UTF-8 BOM and
 * a first line starting with `#` are skipped, as luaL_loadfile does.
 *
 * It never fails: where Lua would stop with a lexical error (an unfinished string, a malformed
 * numeral, a byte that is no token) it makes the best token it can and goes on, so time is linear
 * in the text.  The text is read in place, never copied.
 */
#ifndef LT_SRCLEX_H
#define LT_SRCLEX_H
#include <stddef.h>

enum {
    /* single-byte tokens are their own byte: { } ( ) [ ] , ; = + - and so on */
    LT_TK_EOF = 256,
    LT_TK_NAME,
    LT_TK_STRING,
    LT_TK_NUMBER,
    LT_TK_BAD, /* a byte Lua rejects */
    /* keywords, in the order of lt_lex_keywords */
    LT_TK_AND,
    LT_TK_BREAK,
    LT_TK_DO,
    LT_TK_ELSE,
    LT_TK_ELSEIF,
    LT_TK_END,
    LT_TK_FALSE,
    LT_TK_FOR,
    LT_TK_FUNCTION,
    LT_TK_GOTO,
    LT_TK_IF,
    LT_TK_IN,
    LT_TK_LOCAL,
    LT_TK_NIL,
    LT_TK_NOT,
    LT_TK_OR,
    LT_TK_REPEAT,
    LT_TK_RETURN,
    LT_TK_THEN,
    LT_TK_TRUE,
    LT_TK_UNTIL,
    LT_TK_WHILE,
    /* operators of more than one byte: .. ... == >= <= ~= << >> // :: */
    LT_TK_CONCAT,
    LT_TK_DOTS,
    LT_TK_EQ,
    LT_TK_GE,
    LT_TK_LE,
    LT_TK_NE,
    LT_TK_SHL,
    LT_TK_SHR,
    LT_TK_IDIV,
    LT_TK_DBCOLON
};

typedef struct lt_token {
    int type;
    int line;        /* 1-based line of the token's first byte */
    size_t off, len; /* the token's bytes in the text (a string with its quotes or brackets) */
} lt_token;

typedef struct lt_lexer {
    const unsigned char *s;
    size_t n, i;
    int line;
} lt_lexer;

/* Start lexing len bytes at s (NUL bytes allowed; s may be NULL when len is 0). */
void lt_lex_init(lt_lexer *lx, const char *s, size_t len);

/* The next token; at the end of the text LT_TK_EOF, again and again. */
void lt_lex_next(lt_lexer *lx, lt_token *t);

/* The value of a STRING token t of text s: its escapes (\n, \x41, \65, \u{41}, \z, an escaped
 * newline) decoded, or a long string's first newline dropped and newlines made `\n`.  Writes
 * at most t->len bytes to out and returns how many. */
size_t lt_lex_string(const char *s, const lt_token *t, char *out);

/* 1 and *out when the NUMBER token t of text s is a decimal or hexadecimal integer literal
 * that fits a long long; 0 otherwise (floats, malformed numerals). */
int lt_lex_integer(const char *s, const lt_token *t, long long *out);

/* 1 if a token of this type is a binary operator (`+`, `..`, `==`, `and`, ...). */
int lt_lex_is_binop(int type);

#endif

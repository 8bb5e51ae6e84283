/*
 * GBNF, llama.cpp's grammar language (its grammars/README.md and the parser in
 * src/llama-grammar.cpp), plus XGrammar's lookahead assertion "(= ...)" after a rule body.
 *
 * Newlines matter: a rule ends at a newline, except inside parentheses and right after "::=" or
 * "|". The lexer emits every line break as NL and GbnfReader drops the ones that do not end a rule
 * before the parser sees them, so this grammar only ever sees NL between rules.
 *
 * XGrammar's lookahead "(= ...)" may only end a rule body, but it is parsed as a primary so that
 * a misplaced one gets a clear message: the visitor takes it off the end of the rule.
 *
 * The visitor (GbnfAstBuilder) decodes literals and character classes and checks their escapes,
 * counts and token references, so that errors carry exact columns.
 */
grammar Gbnf;

grammarFile
    : NL* (rule_ (NL+ rule_)*)? NL* EOF
    ;

rule_
    : NAME DEFINE alternation
    ;

alternation
    : sequence (BAR sequence)*
    ;

sequence
    : postfixed*
    ;

postfixed
    : primary postfix*
    ;

postfix
    : QUESTION                                   # OptionalPostfix
    | STAR                                       # StarPostfix
    | PLUS                                       # PlusPostfix
    | LBRACE NAME RBRACE                         # ExactCountPostfix
    | LBRACE NAME COMMA RBRACE                   # AtLeastCountPostfix
    | LBRACE NAME COMMA NAME RBRACE              # RangeCountPostfix
    | LBRACE COMMA NAME? RBRACE                  # NoMinimumPostfix
    ;

primary
    : LPAREN alternation RPAREN                  # GroupPrimary
    | STRING                                     # LiteralPrimary
    | CLASS                                      # ClassPrimary
    | DOT                                        # AnyPrimary
    | TOKEN                                      # TokenPrimary
    | NAME                                       # ReferencePrimary
    | LOOKAHEAD alternation RPAREN               # LookaheadPrimary
    ;

DEFINE    : '::=' ;
BAR       : '|' ;
COMMA     : ',' ;
LOOKAHEAD : '(=' ;
LPAREN    : '(' ;
RPAREN    : ')' ;
LBRACE    : '{' ;
RBRACE    : '}' ;
QUESTION  : '?' ;
STAR      : '*' ;
PLUS      : '+' ;
DOT       : '.' ;

/* llama.cpp's names are [a-zA-Z0-9-]+ (a name may start with a digit); XGrammar adds '_'. The
   numbers of {m,n} lex as names too and are checked in the visitor. */
NAME      : [a-zA-Z0-9_\-]+ ;

/* llama.cpp lets a literal or a class run over a line break; the escapes are checked in the visitor. */
STRING    : '"' ( '\\' . | ~["\\] )* '"' ;
CLASS     : '[' ( '\\' . | ~[\]\\] )* ']' ;

/* llama.cpp's token references <[id]>, <token> and their negations !<...>: rejected in the visitor. */
TOKEN     : '!'? '<' ~[>\r\n]* '>'? ;

NL        : '\r\n' | '\r' | '\n' ;
COMMENT   : '#' ~[\r\n]* -> skip ;
SPACE     : [ \t]+ -> skip ;

/*
 * KBNF, the grammar language of kbnf4j (the README's "The grammar language").
 * The visitor (AstBuilder) turns the parse tree into io.github.kbnf4j.grammar.internal.ast records;
 * escapes inside literals are decoded and checked there, so that errors carry exact columns.
 */
grammar Kbnf;

grammarFile
    : rule_* EOF
    ;

rule_
    : NAME (DEFINE | EQUALS) alternation SEMI
    ;

alternation
    : concatenation (BAR concatenation)*
    ;

concatenation
    : postfixed (COMMA? postfixed)*
    ;

postfixed
    : primary postfix*
    ;

postfix
    : QUESTION                                   # OptionalPostfix
    | STAR                                       # StarPostfix
    | PLUS                                       # PlusPostfix
    | LBRACE INT RBRACE                          # ExactCountPostfix
    | LBRACE INT COMMA RBRACE                    # AtLeastCountPostfix
    | LBRACE INT COMMA INT RBRACE                # RangeCountPostfix
    ;

primary
    : LPAREN alternation RPAREN                  # GroupPrimary
    | LBRACK alternation RBRACK                  # OptionPrimary
    | LBRACE alternation RBRACE                  # RepeatPrimary
    | STRING                                     # LiteralPrimary
    | REGEX                                      # RegexPrimary
    | EXCEPT LPAREN alternation (COMMA INT)? RPAREN   # ExceptPrimary
    | NAME                                       # ReferencePrimary
    ;

DEFINE   : '::=' ;
EQUALS   : '=' ;
SEMI     : ';' ;
BAR      : '|' ;
COMMA    : ',' ;
LPAREN   : '(' ;
RPAREN   : ')' ;
LBRACK   : '[' ;
RBRACK   : ']' ;
LBRACE   : '{' ;
RBRACE   : '}' ;
QUESTION : '?' ;
STAR     : '*' ;
PLUS     : '+' ;
EXCEPT   : 'except!' ;
INT      : [0-9]+ ;
NAME     : [a-zA-Z_] [a-zA-Z0-9_\-]* ;

/* As in kbnf, a literal may run over a line break, which stands for itself. */
STRING
    : '"' ( '\\' . | ~["\\] )* '"'
    | '\'' ( '\\' . | ~['\\] )* '\''
    ;

REGEX
    : '#' ( 'e' | 'ex' | 'substrs' )? STRING
    ;

COMMENT    : '(*' .*? '*)' -> skip ;
WHITESPACE : [ \t\r\n\f]+ -> skip ;

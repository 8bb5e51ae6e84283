/**
 * Vocabularies, the token trie, {@code Constraint} and {@code Matcher} (DESIGN.md §5). Not built yet: the token-mask issue fills this package.
 */
package io.github.kbnf4j.runtime;

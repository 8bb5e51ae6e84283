/**
 * The byte-level Earley recognizer (DESIGN.md §4). Not built yet: issue "The byte-level Earley recognizer" fills this package.
 */
package io.github.kbnf4j.earley;
